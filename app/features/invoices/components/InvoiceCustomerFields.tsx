// The create form's customer: e-mail and name (required), phone.
import { FormLayout, TextField } from "@shopify/polaris";
import type { FormState } from "~/features/invoices/form";

type Props = {
  form: FormState;
  error: (key: string) => string | undefined;
  set: <K extends keyof FormState>(key: K, value: FormState[K], errorKey?: string) => void;
};

export function InvoiceCustomerFields({ form, error, set }: Props) {
  // A FormLayout of its own: the parent's FormLayout spaces its direct children only.
  return (
    <FormLayout>
      <FormLayout.Group>
        <TextField
          label="Customer email"
          type="email"
          value={form.email}
          onChange={(v) => set("email", v, "customer.email")}
          autoComplete="email"
          requiredIndicator
          error={error("customer.email")}
        />
        <TextField
          label="Customer name"
          value={form.name}
          onChange={(v) => set("name", v, "customer.name")}
          autoComplete="name"
          requiredIndicator
          error={error("customer.name")}
        />
      </FormLayout.Group>
      <TextField
        label="Customer phone"
        type="tel"
        value={form.phone}
        onChange={(v) => set("phone", v, "customer.phone")}
        autoComplete="tel"
        error={error("customer.phone")}
      />
    </FormLayout>
  );
}
