// "Add shipping rule" / "Edit shipping rule" (docs/decisions/092): where the rule applies (a
// country, a named zone, everywhere else) and how it costs an order (per order, per item, by
// weight band). The shared schema runs as the merchant types; the server's answer shows on
// the same fields (bands and amounts are checked against the shop's currency there).
import { useFetcher } from "@remix-run/react";
import { FormLayout, Text } from "@shopify/polaris";
import { useMemo } from "react";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import { fieldErrorsOf } from "~/lib/forms";
import { shippingRuleSchema } from "~/features/profit/shipping-rules-schema";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";

export type ShippingRuleValues = {
  scope: string;
  country: string;
  zoneName: string;
  zoneCountries: string;
  basis: string;
  amount: string;
  bands: string;
};

const EMPTY: ShippingRuleValues = {
  scope: "country",
  country: "",
  zoneName: "",
  zoneCountries: "",
  basis: "order",
  amount: "",
  bands: "",
};

type Props = {
  currency: string;
  /** The rule being edited (its id and values), or nothing for a new rule. */
  editing?: { id: string; values: ShippingRuleValues };
  onClose: () => void;
  onDone: (ok: boolean) => void;
};

const SCOPES = [
  { label: "One country", value: "country" },
  { label: "A zone (several countries)", value: "zone" },
  { label: "Everywhere else", value: "rest" },
];
const BASES = [
  { label: "Per order (fixed)", value: "order" },
  { label: "Per item (fixed × units)", value: "item" },
  { label: "By weight band", value: "weight" },
];

export function ShippingRuleDialog({ currency, editing, onClose, onDone }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "shipping-rule-dialog" });
  const form = useDialogForm<ShippingRuleValues>(editing?.values ?? EMPTY);
  const { values } = form;
  const check = useMemo(() => shippingRuleSchema.safeParse(values), [values]);
  const found = check.success ? {} : fieldErrorsOf(check.error);
  for (const name of ["country", "zoneName", "zoneCountries", "amount", "bands"] as const)
    if (values[name] === "") delete found[name];
  const submitting = fetcher.state !== "idle";
  return (
    <FetcherDialog
      title={editing ? "Edit shipping rule" : "Add shipping rule"}
      fetcher={fetcher}
      form={form}
      errors={found}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
        onDone(result.ok);
      }}
      primaryAction={{
        content: submitting ? "Saving..." : "Save rule",
        disabled: !check.success || submitting,
        onAction: () =>
          fetcher.submit(
            { intent: "saveShippingRule", ...(editing && { id: editing.id }), ...values },
            { method: "post" },
          ),
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <SelectField name="scope" label="Applies to" options={SCOPES} />
          <SelectField name="basis" label="Label cost" options={BASES} />
        </FormLayout.Group>
        {values.scope === "country" && (
          <FormField
            name="country"
            label="Country code"
            helpText="Two letters (ISO), like US or GB."
            requiredIndicator
          />
        )}
        {values.scope === "zone" && (
          <FormLayout.Group>
            <FormField name="zoneName" label="Zone name" requiredIndicator />
            <FormField
              name="zoneCountries"
              label="Countries"
              helpText="ISO codes, like DE, FR, NL."
              requiredIndicator
            />
          </FormLayout.Group>
        )}
        {values.basis === "weight" ? (
          <FormField
            name="bands"
            label={`Weight bands (grams: ${currency})`}
            multiline={4}
            helpText="One per line, like 0-500: 4.50. A band includes its start and ends just before its end."
            requiredIndicator
          />
        ) : (
          <FormField
            name="amount"
            label={`${values.basis === "item" ? "Cost per item" : "Cost per order"} (${currency})`}
            type="number"
            min={0}
            step={0.01}
            requiredIndicator
          />
        )}
        <Text as="p" tone="subdued">
          The most specific rule wins: a country&apos;s own, then its zone&apos;s, then everywhere else. Imported labels
          are never replaced by a rule; estimates are marked as estimated.
        </Text>
      </FormLayout>
    </FetcherDialog>
  );
}
