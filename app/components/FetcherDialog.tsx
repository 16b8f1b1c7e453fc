// The one dialog that posts through a fetcher (docs/decisions/079-roles-in-the-page.md), on the
// shared Modal (decision 071): the form's values, its fields and their errors in one place, as
// epic-stack's forms.tsx does. Each field reads its own error from the action's answer
// (`fieldErrors[name]`, decision 034); an error for the whole input (`_form`) is a banner above
// the fields; a refused answer (403) is a toast and the dialog stays open as it was.
import {
  Banner,
  BlockStack,
  Checkbox,
  Select,
  TextField,
  type SelectProps,
  type TextFieldProps,
} from "@shopify/polaris";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Modal } from "~/components/Modal";
import { useFetcherResult } from "~/components/useFetcherResult";
import { FORM_ERROR_KEY, type FieldErrors } from "~/lib/forms";

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

type Fields = { values: FormValues; set: (name: string) => (value: string | boolean) => void; errors: FieldErrors };
const FieldsContext = createContext<Fields | null>(null);

function useField(name: string) {
  const fields = useContext(FieldsContext);
  if (!fields) throw new Error(`The field "${name}" is outside a FetcherDialog`);
  return { value: fields.values[name], onChange: fields.set(name), error: fields.errors[name]?.[0] };
}

/** The field errors of an answer: `{ ok: false, fieldErrors }` (lib/forms), else none. */
export function fieldErrorsOf(data: unknown): FieldErrors {
  const answer = data as { ok?: boolean; fieldErrors?: FieldErrors } | undefined;
  return answer && answer.ok === false && answer.fieldErrors ? answer.fieldErrors : {};
}

type Action = { content: string; onAction: () => void; destructive?: boolean; disabled?: boolean };

export type FetcherDialogProps<T, V extends FormValues> = {
  title: string;
  fetcher: { state: string; data?: T };
  /** The values its FormFields show and change; none for a dialog without fields. */
  form?: DialogForm<V>;
  primaryAction: Action;
  onClose: () => void;
  /** Each new answer except a refusal, which is a toast (useFetcherResult). */
  onResult?: (data: T) => void;
  children?: ReactNode;
};

export function FetcherDialog<T, V extends FormValues>({
  title,
  fetcher,
  form,
  primaryAction,
  onClose,
  onResult,
  children,
}: FetcherDialogProps<T, V>) {
  useFetcherResult(fetcher, (data) => onResult?.(data));
  const errors = fieldErrorsOf(fetcher.data);
  const formError = errors[FORM_ERROR_KEY]?.[0];
  const fields: Fields = {
    values: form?.values ?? {},
    set: (form?.set ?? (() => () => {})) as Fields["set"],
    errors,
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      primaryAction={{ ...primaryAction, loading: fetcher.state !== "idle" }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {formError && (
            <Banner tone="critical">
              <p>{formError}</p>
            </Banner>
          )}
          <FieldsContext.Provider value={fields}>{children}</FieldsContext.Provider>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

type Named = { name: string };

/** A text field bound to the dialog's value `name`, showing its own error. */
export function FormField({
  name,
  ...props
}: Named &
  Omit<TextFieldProps, "value" | "onChange" | "error" | "name" | "autoComplete"> & {
    autoComplete?: string;
  }) {
  const field = useField(name);
  return (
    <TextField
      autoComplete="off"
      {...props}
      name={name}
      value={String(field.value ?? "")}
      onChange={field.onChange}
      error={field.error}
    />
  );
}

/** A select bound to the dialog's value `name`, showing its own error. */
export function SelectField({ name, ...props }: Named & Omit<SelectProps, "value" | "onChange" | "error" | "name">) {
  const field = useField(name);
  return (
    <Select {...props} name={name} value={String(field.value ?? "")} onChange={field.onChange} error={field.error} />
  );
}

/** A checkbox bound to the dialog's value `name` (true or false), showing its own error. */
export function CheckboxField({
  name,
  label,
  helpText,
  onChange,
}: Named & { label: string; helpText?: string; onChange?: (checked: boolean) => void }) {
  const field = useField(name);
  return (
    <Checkbox
      label={label}
      helpText={helpText}
      name={name}
      checked={field.value === true}
      onChange={(checked) => {
        field.onChange(checked);
        onChange?.(checked);
      }}
      error={field.error}
    />
  );
}
