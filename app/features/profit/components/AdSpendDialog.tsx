// "Add Ad Spend" / "Edit Ad Spend": a day, a channel and the amount spent (only the amount of
// an existing entry changes: its day and channel are what it is).
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { useMemo } from "react";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { adSpendSchema } from "~/features/profit/ad-spend-schema";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";

type Values = { day: string; channel: string; amount: string };

type Props = {
  editing: { id: string; day: string; channel: string; amount: string } | null;
  today: string;
  onClose: () => void;
};

export function AdSpendDialog({ editing, today, onClose }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "ad-spend-dialog" });
  const form = useDialogForm<Values>(editing ?? { day: today, channel: "", amount: "" });
  const { values } = form;
  const check = useMemo(() => adSpendSchema.safeParse(values), [values]);
  const found: FieldErrors = check.success
    ? {}
    : Object.fromEntries(Object.entries(fieldErrorsOf(check.error)).filter(([f]) => values[f as keyof Values]));
  const submitting = fetcher.state !== "idle";
  return (
    <FetcherDialog
      title={editing ? "Edit Ad Spend" : "Add Ad Spend"}
      fetcher={fetcher}
      form={form}
      errors={found}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
      }}
      primaryAction={{
        content: submitting ? "Saving..." : "Save Ad Spend",
        disabled: !check.success || submitting,
        onAction: () =>
          fetcher.submit(
            editing
              ? { intent: "updateSpend", id: editing.id, amount: values.amount }
              : { intent: "addSpend", ...values },
            { method: "post" },
          ),
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <FormField name="day" label="Date" type="date" requiredIndicator disabled={!!editing} />
          <FormField
            name="channel"
            label="Channel"
            requiredIndicator
            disabled={!!editing}
            helpText="For example bing_ads or pinterest_ads"
          />
        </FormLayout.Group>
        <FormField name="amount" label="Amount spent" type="number" min={0} step={0.01} requiredIndicator />
      </FormLayout>
    </FetcherDialog>
  );
}
