// The create form's terms: tax, shipping, currency, due days, payment method, recurring, auto send.
import { BlockStack, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import type { FormState } from "~/features/invoices/form";
import { INVOICE_INTERVALS } from "~/features/invoices/schedule";
import { PAYMENT_METHODS } from "~/features/invoices/schema";
import { capitalize } from "~/features/invoices/screen";

type Props = {
  form: FormState;
  currencies: { label: string; value: string }[];
  paymentLabels: Record<string, string>;
  error: (key: string) => string | undefined;
  set: <K extends keyof FormState>(key: K, value: FormState[K], errorKey?: string) => void;
};

export function InvoiceTermsFields({ form, currencies, paymentLabels, error, set }: Props) {
  // A FormLayout of its own: the parent's FormLayout spaces its direct children only, so a
  // fragment's groups would sit flush against each other.
  return (
    <FormLayout>
      <FormLayout.Group>
        <TextField
          label="Tax rate (%)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          value={form.taxPercent}
          onChange={(v) => set("taxPercent", v, "tax_rate")}
          autoComplete="off"
          error={error("tax_rate")}
        />
        <TextField
          label="Shipping cost"
          type="number"
          min={0}
          step={0.01}
          value={form.shipping}
          onChange={(v) => set("shipping", v, "shipping_cost")}
          autoComplete="off"
          error={error("shipping_cost")}
        />
      </FormLayout.Group>
      <FormLayout.Group>
        <Select
          label="Currency"
          options={currencies}
          value={form.currency}
          onChange={(v) => set("currency", v, "currency")}
          error={error("currency")}
        />
        <TextField
          label="Due in days"
          type="number"
          min={1}
          step={1}
          value={form.dueInDays}
          onChange={(v) => set("dueInDays", v, "due_in_days")}
          autoComplete="off"
          error={error("due_in_days")}
        />
      </FormLayout.Group>
      <FormLayout.Group>
        <Select
          label="Payment method"
          options={PAYMENT_METHODS.map((p) => ({ label: paymentLabels[p], value: p }))}
          value={form.paymentMethod}
          onChange={(v) => set("paymentMethod", v, "payment_method")}
          error={error("payment_method")}
        />
        {form.paymentMethod === "crypto" ? (
          <TextField
            label="Crypto currency"
            value={form.cryptoCurrency}
            onChange={(v) => set("cryptoCurrency", v, "crypto_currency")}
            autoComplete="off"
            placeholder="e.g. USDC"
            error={error("crypto_currency")}
          />
        ) : (
          <span />
        )}
      </FormLayout.Group>
      <FormLayout.Group>
        <BlockStack gap="200">
          <Checkbox
            label="Recurring invoice"
            checked={form.isRecurring}
            onChange={(v) => set("isRecurring", v)}
            helpText="The next invoice is created automatically at each interval."
          />
          {form.isRecurring && (
            <Select
              label="Repeats"
              options={INVOICE_INTERVALS.map((i) => ({ label: capitalize(i), value: i }))}
              value={form.interval}
              onChange={(v) => set("interval", v, "recurring_interval")}
              error={error("recurring_interval")}
            />
          )}
        </BlockStack>
        <Checkbox
          label="Auto send"
          checked={form.autoSend}
          onChange={(v) => set("autoSend", v)}
          helpText="E-mail the invoice as soon as it is created (and each recurring one)."
        />
      </FormLayout.Group>
    </FormLayout>
  );
}
