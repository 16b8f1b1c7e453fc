// Loyalty → Settings: the program's name, point value, earn rate, expiry and rules.
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { CheckboxField, FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import type { SettingsView } from "~/features/loyalty/program.server";
import { closeOnNotice, type LoyaltyActionResult, type Notice } from "~/features/loyalty/components/notices";

export function SettingsDialog({
  initial,
  onClose,
  onDone,
}: {
  initial: SettingsView;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-settings" });
  const form = useDialogForm({
    programName: initial.programName,
    pointsValue: String(initial.pointsValue),
    autoEnroll: initial.autoEnroll,
    baseRate: String(initial.baseRate),
    expiryMonths: initial.expiryMonths ? String(initial.expiryMonths) : "",
    orderRule: initial.orderRule,
    tierWindow: initial.tierWindow,
  });
  const v = form.values;
  return (
    <FetcherDialog
      title="Loyalty program settings"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnNotice(onDone, onClose)}
      primaryAction={{
        content: "Save settings",
        onAction: () =>
          fetcher.submit({ intent: "saveSettings", ...v, autoEnroll: v.autoEnroll ? "on" : "" }, { method: "post" }),
      }}
    >
      <FormLayout>
        <FormField name="programName" label="Program name" />
        <FormField
          name="pointsValue"
          label="Points value"
          type="number"
          step={0.01}
          min={0.01}
          helpText="What one point is worth. A change applies from now; earlier days keep their value."
        />
        <CheckboxField name="autoEnroll" label="Auto-enroll customers with their first order" />
        <FormField name="baseRate" label="Base earn rate (points per 1.00 spent)" type="number" step={0.1} />
        <FormField
          name="expiryMonths"
          label="Points expire after (months)"
          type="number"
          helpText="Leave empty for points that never expire. The oldest points expire first."
        />
        <SelectField
          name="orderRule"
          label="Which orders count"
          options={[
            { label: "Paid orders", value: "paid" },
            { label: "All orders, also pending payment", value: "all" },
          ]}
        />
        <SelectField
          name="tierWindow"
          label="Tier qualifying spend"
          options={[
            { label: "Lifetime", value: "lifetime" },
            { label: "Calendar year", value: "calendar_year" },
            { label: "Rolling 12 months", value: "rolling_12m" },
          ]}
        />
      </FormLayout>
    </FetcherDialog>
  );
}
