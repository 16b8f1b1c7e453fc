// The fields of the shared FetcherDialog (docs/decisions/079-roles-in-the-page.md): each bound by
// name to the dialog's value and showing its own error from the dialog's answer, as epic-stack's
// forms.tsx does. Outside a FetcherDialog they throw: a field with no form to read is a mistake.
import { Checkbox, Select, TextField, type SelectProps, type TextFieldProps } from "@shopify/polaris";
import { createContext, useContext } from "react";
import type { FieldErrors } from "~/lib/forms";

export type Fields = {
  values: Record<string, string | boolean>;
  set: (name: string) => (value: string | boolean) => void;
  errors: FieldErrors;
};
const FieldsContext = createContext<Fields | null>(null);
export const FieldsProvider = FieldsContext.Provider;

function useField(name: string) {
  const fields = useContext(FieldsContext);
  if (!fields) throw new Error(`The field "${name}" is outside a FetcherDialog`);
  return { value: fields.values[name], onChange: fields.set(name), error: fields.errors[name]?.[0] };
}

/**
 * The error for `name` (a dotted path such as "items.0.qty") inside a FetcherDialog: for a field
 * the dialog's form does not hold (rows kept by the dialog itself), which shows it on its own input.
 */
export function useFieldError(name: string): string | undefined {
  return useContext(FieldsContext)?.errors[name]?.[0];
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
