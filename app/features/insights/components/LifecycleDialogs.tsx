// Dismiss (with a reason) and Snooze (until a day): each on the shared fetcher dialog.
import { useFetcher } from "@remix-run/react";
import { FormLayout, Text } from "@shopify/polaris";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import { DISMISS_REASONS, DISMISS_REASON_LABELS } from "~/features/insights/lifecycle";
import type { InsightView } from "~/features/insights/list.server";
import type { InsightActionResult } from "~/features/insights/schema";

type Props = { insight: InsightView; onClose: () => void };

const closeOnOk = (onClose: () => void) => (data: InsightActionResult) => data.ok && onClose();

export function DismissDialog({ insight, onClose }: Props) {
  const fetcher = useFetcher<InsightActionResult>({ key: `dismiss-${insight.id}` });
  const form = useDialogForm({ reason: "" });
  return (
    <FetcherDialog
      title="Dismiss insight"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnOk(onClose)}
      primaryAction={{
        content: "Dismiss",
        destructive: true,
        onAction: () =>
          fetcher.submit(
            { intent: "dismiss", id: insight.id, ...form.values },
            { method: "post", action: "/ai-insights" },
          ),
      }}
    >
      <FormLayout>
        <Text as="p">{insight.title}</Text>
        <SelectField
          name="reason"
          label="Why dismiss it?"
          options={[
            { label: "Choose a reason", value: "" },
            ...DISMISS_REASONS.map((r) => ({ label: DISMISS_REASON_LABELS[r], value: r })),
          ]}
          helpText="It comes back only if its figures move materially."
        />
      </FormLayout>
    </FetcherDialog>
  );
}

export function SnoozeDialog({ insight, onClose }: Props) {
  const fetcher = useFetcher<InsightActionResult>({ key: `snooze-${insight.id}` });
  const form = useDialogForm({ until: "" });
  return (
    <FetcherDialog
      title="Snooze insight"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnOk(onClose)}
      primaryAction={{
        content: "Snooze",
        onAction: () =>
          fetcher.submit(
            { intent: "snooze", id: insight.id, ...form.values },
            { method: "post", action: "/ai-insights" },
          ),
      }}
    >
      <FormLayout>
        <Text as="p">{insight.title}</Text>
        <FormField name="until" label="Snooze until" type="date" helpText="A day in your store's time zone." />
      </FormLayout>
    </FetcherDialog>
  );
}
