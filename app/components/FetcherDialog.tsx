// The one dialog that posts through a fetcher (docs/decisions/079-roles-in-the-page.md), on the
// shared Modal (decision 071): the form's values, its fields and their errors in one place, as
// epic-stack's forms.tsx does. Each field reads its own error from the action's answer
// (`fieldErrors[name]`, decision 034); an error for the whole input (`_form`) is a banner above
// the fields; a refused answer (403) is a toast and the dialog stays open as it was.
import { Banner, BlockStack, type ModalProps } from "@shopify/polaris";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { FieldsProvider, type Fields } from "~/components/FormFields";
import { Modal } from "~/components/Modal";
import { useFetcherResult } from "~/components/useFetcherResult";
import { FORM_ERROR_KEY, type FieldErrors } from "~/lib/forms";

export { CheckboxField, FormField, SelectField, useFieldError } from "~/components/FormFields";

export type FormValues = Record<string, string | boolean>;

export type DialogForm<V extends FormValues> = {
  values: V;
  set: (name: keyof V & string) => (value: V[keyof V]) => void;
  reset: () => void;
};

/** The dialog's values, each field's by its name. */
export function useDialogForm<V extends FormValues>(initial: V): DialogForm<V> {
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const set = useCallback(
    (name: keyof V & string) => (value: V[keyof V]) => setValues((prev) => ({ ...prev, [name]: value })),
    [],
  );
  const reset = useCallback(() => setValues(start), [start]);
  return { values, set, reset };
}

/**
 * The field errors of an answer: `{ ok: false, fieldErrors }` (lib/forms), else none. An answer
 * that says `{ error }` (a JSON API's, platform/http.server, or a rule's refusal) with no field
 * to hold it is an error for the whole form.
 */
export function fieldErrorsOf(data: unknown): FieldErrors {
  const answer = data as { ok?: boolean; fieldErrors?: FieldErrors; error?: unknown } | undefined;
  if (!answer || typeof answer !== "object" || answer.ok === true) return {};
  const fields = answer.ok === false || typeof answer.error === "string" ? (answer.fieldErrors ?? {}) : {};
  if (Object.keys(fields).length) return fields;
  return typeof answer.error === "string" ? { [FORM_ERROR_KEY]: [answer.error] } : {};
}

type Action = { content: string; onAction: () => void; destructive?: boolean; disabled?: boolean };

export type FetcherDialogProps<T, V extends FormValues> = {
  title: string;
  fetcher: { state: string; data?: T };
  /** The values its FormFields show and change; none for a dialog without fields. */
  form?: DialogForm<V>;
  /** None for a dialog whose verbs are all secondary (an invoice that is no longer a draft). */
  primaryAction?: Action;
  onClose: () => void;
  /** Each new answer except a refusal, which is a toast (useFetcherResult). */
  onResult?: (data: T) => void;
  /**
   * Errors the dialog found itself (the form's shared zod schema run in the browser), each in
   * place of the answer's for its field; a name held as undefined hides the answer's (the
   * merchant has changed a field the dialog keeps outside `form`).
   */
  errors?: FieldErrors;
  /** Actions beside Cancel (a detail dialog's other verbs). */
  secondaryActions?: (Action & { loading?: boolean })[];
  /** "Cancel" unless said otherwise ("Close" for a dialog that shows more than it asks). */
  cancelContent?: string;
  size?: ModalProps["size"];
  children?: ReactNode;
};

export function FetcherDialog<T, V extends FormValues>({
  title,
  fetcher,
  form,
  primaryAction,
  onClose,
  onResult,
  errors: found,
  secondaryActions = [],
  cancelContent = "Cancel",
  size,
  children,
}: FetcherDialogProps<T, V>) {
  useFetcherResult(fetcher, (data) => onResult?.(data));
  // A field's answered error goes once the merchant changes that field; a new answer brings its own.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [fetcher.data]);
  const answered = Object.fromEntries(
    Object.entries(fieldErrorsOf(fetcher.data)).filter(([name]) => !edited.has(name)),
  );
  const errors: FieldErrors = { ...answered, ...found };
  const formError = errors[FORM_ERROR_KEY]?.[0];
  const set = form?.set as Fields["set"] | undefined;
  const fields: Fields = {
    values: form?.values ?? {},
    set: (name) => (value) => {
      setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
      set?.(name)(value);
    },
    errors,
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size={size}
      primaryAction={primaryAction && { ...primaryAction, loading: fetcher.state !== "idle" }}
      secondaryActions={[...secondaryActions, { content: cancelContent, onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {formError && (
            <Banner tone="critical">
              <p>{formError}</p>
            </Banner>
          )}
          <FieldsProvider value={fields}>{children}</FieldsProvider>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
