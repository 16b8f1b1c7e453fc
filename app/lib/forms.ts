// Form and request-body helpers shared by every feature: one shape for field
// errors, one flattener from zod, one reader of form submissions.
import type { z } from "zod";
import { unstorableText } from "~/lib/text";

/** Messages per field, keyed by dotted path ("customer.email", "items.0.qty"); `_form` for the whole input. */
export type FieldErrors = Record<string, string[] | undefined>;

/** The key for errors that belong to the input as a whole rather than to one field. */
export const FORM_ERROR_KEY = "_form";

/** Field errors keyed by dotted path, first message first. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Reads a form submission or a query string into a plain object; empty fields become absent. */
export function formToObject(form: FormData | URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && v !== "") out[k] = v;
  return out;
}

export const NOT_A_FORM_MESSAGE = "Send the form's fields";

export type FormRead =
  { ok: true; form: FormData; values: Record<string, string> } | { ok: false; fieldErrors: FieldErrors };

/**
 * Reads a form post for an action: a body that is not a form (JSON, plain text, a broken
 * multipart) and text no database can store (a NUL, an unpaired surrogate, in a value or
 * a name) are refused with field errors for a 400, before any schema or query sees them
 * (docs/decisions/038-input-validation.md). `values` is `formToObject(form)`.
 */
export async function readForm(request: Request): Promise<FormRead> {
  const form = await request.formData().catch(() => null);
  if (!form) return { ok: false, fieldErrors: { [FORM_ERROR_KEY]: [NOT_A_FORM_MESSAGE] } };
  const unstorable: FieldErrors = {};
  // Entry by entry: a repeated name is checked in every one of its values.
  for (const [name, value] of form.entries())
    if (typeof value === "string") unstorableText({ [name]: value }, [], unstorable);
  if (Object.keys(unstorable).length) return { ok: false, fieldErrors: unstorable };
  return { ok: true, form, values: formToObject(form) };
}

/** Input that passed the form's schema but not a rule only the server knows (e.g. the shop's currency). */
/**
 * A mutation's userErrors as field errors: each under the form field its path ends with
 * (["input", "email"] → `fields.email`), or `_form`; `prefix` goes before each message.
 */
export function userErrorFields(
  errors: readonly { field?: readonly string[] | null; message: string }[],
  fields: Record<string, string>,
  prefix = "",
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const last = e.field?.at(-1) ?? "";
    (out[Object.hasOwn(fields, last) ? fields[last]! : FORM_ERROR_KEY] ??= []).push(prefix + e.message);
  }
  return out;
}

export class FieldError extends Error {
  constructor(public readonly fieldErrors: Record<string, string[]>) {
    super(Object.values(fieldErrors).flat().join(" "));
    this.name = "FieldError";
  }
}

/**
 * A refused request's answer (403) to a page's action, returned rather than thrown so the
 * page stays as it was (a thrown 403 replaces it with the error page): the shared fetcher
 * handling shows `refused` as a toast (app/components/toasts.tsx). `fieldErrors` is empty so
 * any form reading field errors shows none.
 */
export type Refusal = { ok: false; refused: string; fieldErrors: FieldErrors };

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && typeof (value as Refusal).refused === "string";
}
