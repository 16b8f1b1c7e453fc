// The invoices screen's form actions (the list, the detail dialog, the create and the
// settings dialogs post here through their routes): each intent calls the invoice
// service and answers an ActionResult; a refused one carries its status and fields.
import { data } from "@remix-run/node";
import { fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import { publicOrigin } from "~/platform/http.server";
import { invoiceCreateSchema, invoiceSettingsSchema } from "~/features/invoices/schema";
import { prisma } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import {
  deleteDraftInvoice,
  getInvoiceSettings,
  InvoiceError,
  markInvoicePaid,
  stopRecurring,
  updateInvoiceSettings,
  voidInvoice,
  type InvoiceShop,
} from "~/features/invoices/invoices.server";
import { createInvoice, sendInvoice } from "~/features/invoices/service.server";
import type { ActionResult } from "~/features/invoices/screen";

export const SCREEN_INTENTS = ["create", "send", "markPaid", "void", "delete", "stopRecurring", "settings"] as const;
export type ScreenIntent = (typeof SCREEN_INTENTS)[number];

function fail(
  intent: string,
  message: string,
  status: number,
  extra: Partial<Extract<ActionResult, { ok: false }>> = {},
) {
  return data<ActionResult>({ ok: false, intent, message, ...extra }, { status });
}

async function run(shop: InvoiceShop, request: Request, intent: ScreenIntent, form: FormData) {
  const invoiceId = String(form.get("invoiceId") ?? "");
  const key = String(form.get("idempotencyKey") ?? "") || null;
  switch (intent) {
    case "create": {
      let raw: unknown;
      try {
        raw = JSON.parse(String(form.get("payload") ?? ""));
      } catch {
        return fail(intent, "Failed to create invoice.", 400);
      }
      // The payload's text is checked like a form field's (in the form, a JSON "\u0000" is six harmless
      // characters), with errors at the schema's paths so the dialog shows them by their fields.
      const unstorable = unstorableText(raw);
      if (Object.keys(unstorable).length)
        return fail(intent, "Failed to create invoice.", 400, { fieldErrors: unstorable });
      const parsed = invoiceCreateSchema.safeParse(raw);
      if (!parsed.success)
        return fail(intent, "Failed to create invoice.", 400, { fieldErrors: fieldErrorsOf(parsed.error) });
      const { invoice } = await createInvoice(shop, parsed.data, { idempotencyKey: key, actor: "merchant" });
      return { ok: true, intent, invoiceNumber: invoice.number } satisfies ActionResult;
    }
    case "send": {
      const { invoice } = await sendInvoice(shop, invoiceId, { idempotencyKey: key, baseUrl: publicOrigin(request) });
      return { ok: true, intent, invoiceNumber: invoice.number } satisfies ActionResult;
    }
    case "markPaid":
      return {
        ok: true,
        intent,
        invoiceNumber: (await markInvoicePaid(shop, invoiceId)).number,
      } satisfies ActionResult;
    case "void":
      return { ok: true, intent, invoiceNumber: (await voidInvoice(shop, invoiceId)).number } satisfies ActionResult;
    case "delete":
      return {
        ok: true,
        intent,
        invoiceNumber: (await deleteDraftInvoice(shop, invoiceId)).number,
      } satisfies ActionResult;
    case "stopRecurring":
      await stopRecurring(shop, invoiceId);
      return { ok: true, intent } satisfies ActionResult;
    case "settings": {
      const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >;
      const parsed = invoiceSettingsSchema.safeParse(values);
      if (!parsed.success)
        return fail(intent, "Failed to save invoice settings.", 400, { fieldErrors: fieldErrorsOf(parsed.error) });
      // The logo changes only when a new one is uploaded or removal is asked for.
      const logoUrl = values.removeLogo === "true" ? null : values.logoUrl ? parsed.data.logoUrl : undefined;
      await updateInvoiceSettings(shop, { ...parsed.data, logoUrl });
      return { ok: true, intent } satisfies ActionResult;
    }
  }
}

/** What the audit log keeps of an invoice: enough to see what changed. */
async function invoiceState(shopId: string, id: string | null) {
  if (!id) return null;
  return prisma.invoice.findFirst({
    where: { id, shopId },
    select: { id: true, number: true, status: true, totalMinor: true, currency: true, customerEmail: true },
  });
}

async function audited(
  actor: Actor,
  shop: InvoiceShop,
  intent: ScreenIntent,
  invoiceId: string | null,
  act: () => ReturnType<typeof run>,
) {
  if (intent === "settings") {
    const before = await getInvoiceSettings(shop.id);
    const result = await act();
    if ("ok" in result && result.ok)
      await recordAudit(actor, "invoices.settings", "InvoiceSettings", null, before, await getInvoiceSettings(shop.id));
    return result;
  }
  const before = await invoiceState(shop.id, invoiceId);
  const result = await act();
  if (!("ok" in result) || !result.ok) return result;
  const after =
    intent === "create"
      ? await prisma.invoice.findFirst({
          where: { shopId: shop.id, number: result.invoiceNumber ?? "" },
          select: { id: true, number: true, status: true, totalMinor: true, currency: true, customerEmail: true },
        })
      : await invoiceState(shop.id, invoiceId);
  await recordAudit(actor, `invoices.${intent}`, "Invoice", after?.id ?? before?.id ?? null, before, after);
  return result;
}

/** Handles a form post of one of `allowed` intents for the shop, recording each change in the audit log. */
export async function invoiceScreenAction(
  actor: Actor & { shop: InvoiceShop },
  request: Request,
  allowed: readonly ScreenIntent[] = SCREEN_INTENTS,
) {
  const shop = actor.shop;
  const read = await readForm(request);
  if (!read.ok) return fail("", "Please correct the highlighted fields.", 400, { fieldErrors: read.fieldErrors });
  const { form } = read;
  const intent = String(form.get("intent") ?? "");
  if (!(allowed as readonly string[]).includes(intent)) return fail(intent, "Unknown action", 400);
  const invoiceId = form.get("invoiceId");
  if (invoiceId !== null && !/^[A-Za-z0-9_-]{1,100}$/.test(String(invoiceId)))
    return fail(intent, "Invoice not found", 404);
  try {
    return await audited(actor, shop, intent as ScreenIntent, invoiceId === null ? null : String(invoiceId), () =>
      run(shop, request, intent as ScreenIntent, form),
    );
  } catch (error) {
    if (error instanceof InvoiceError) {
      return fail(intent, error.message, error.status, {
        fieldErrors: error.extra.fieldErrors as FieldErrors | undefined,
        upgradeUrl: error.extra.upgradeUrl as string | undefined,
      });
    }
    throw error;
  }
}
