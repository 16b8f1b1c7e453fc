// "Set fee rule" / "Edit fee rule": a payment gateway's percentage and fixed fee (docs/decisions/088).
// The shared schema runs as the merchant types; the server's answer shows on the same fields.
import { useFetcher } from "@remix-run/react";
import { FormLayout, Text } from "@shopify/polaris";
import { useMemo } from "react";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { fieldErrorsOf } from "~/lib/forms";
import { feeRuleSchema } from "~/features/profit/fee-rules-schema";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";

export type FeeRuleValues = { gateway: string; rate: string; fixed: string };

type Props = {
  currency: string;
  /** The gateway's rule as it stands, or its name alone for a new rule; nothing for any gateway. */
  initial?: FeeRuleValues;
  editing: boolean;
  onClose: () => void;
  onDone: (ok: boolean) => void;
};

export function FeeRuleDialog({ currency, initial, editing, onClose, onDone }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "fee-rule-dialog" });
  const form = useDialogForm<FeeRuleValues>(initial ?? { gateway: "", rate: "", fixed: "" });
  const { values } = form;
  const check = useMemo(() => feeRuleSchema.safeParse(values), [values]);
  const found = check.success ? {} : fieldErrorsOf(check.error);
  for (const name of ["gateway", "rate", "fixed"] as const) if (values[name] === "") delete found[name];
  const submitting = fetcher.state !== "idle";
  return (
    <FetcherDialog
      title={editing ? "Edit fee rule" : "Set fee rule"}
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
        onAction: () => fetcher.submit({ intent: "saveFeeRule", ...values }, { method: "post" }),
      }}
    >
      <FormLayout>
        <FormField
          name="gateway"
          label="Payment gateway"
          requiredIndicator
          disabled={editing || !!initial?.gateway}
          helpText="As Shopify names it on the order, like paypal or manual."
        />
        <FormLayout.Group>
          <FormField name="rate" label="Rate (%)" type="number" min={0} max={100} step={0.01} requiredIndicator />
          <FormField
            name="fixed"
            label={`Fixed fee per order (${currency})`}
            type="number"
            min={0}
            step={0.01}
            requiredIndicator
          />
        </FormLayout.Group>
        <Text as="p" tone="subdued">
          Applies to every order paid through this gateway, past ones included, except fees Shopify Payments reports
          itself. The estimate is marked as estimated.
        </Text>
      </FormLayout>
    </FetcherDialog>
  );
}
