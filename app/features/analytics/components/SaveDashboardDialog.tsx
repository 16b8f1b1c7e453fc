// "Save as dashboard": the current view's timeframe and comparison under a name, with the
// figures to show (the current ones ticked).
import { useFetcher } from "@remix-run/react";
import { ChoiceList } from "@shopify/polaris";
import { useState } from "react";
import { FetcherDialog, FormField, useDialogForm, useFieldError } from "~/components/FetcherDialog";
import { METRIC_KEYS, METRICS, type MetricKey } from "~/features/analytics/metrics";
import type { Comparison, TimeframeKey } from "~/features/analytics/periods";
import { DASHBOARD_NAME_MAX } from "~/features/analytics/dashboards-schema";
import type { DashboardActionAnswer } from "~/features/analytics/dashboards.server";

export type CurrentView = { cards: MetricKey[]; timeframe: TimeframeKey; comparison: Comparison };

export function SaveDashboardDialog({ current, onClose }: { current: CurrentView; onClose: () => void }) {
  const fetcher = useFetcher<DashboardActionAnswer["body"]>();
  const form = useDialogForm({ name: "" });
  const [cards, setCards] = useState<string[]>(current.cards);
  return (
    <FetcherDialog
      title="Save as dashboard"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => r.ok && onClose()}
      primaryAction={{
        content: "Save",
        onAction: () =>
          fetcher.submit(
            {
              intent: "createDashboard",
              name: form.values.name,
              cards: cards.join(","),
              timeframe: current.timeframe,
              comparison: current.comparison,
            },
            { method: "post" },
          ),
      }}
    >
      <FormField name="name" label="Name" maxLength={DASHBOARD_NAME_MAX} showCharacterCount />
      <FiguresChoice selected={cards} onChange={setCards} />
    </FetcherDialog>
  );
}

/** The figures to save, with the answer's error for `cards`. */
function FiguresChoice({ selected, onChange }: { selected: string[]; onChange: (cards: string[]) => void }) {
  return (
    <ChoiceList
      title="Figures"
      allowMultiple
      choices={METRIC_KEYS.map((k) => ({ label: METRICS[k].label, value: k }))}
      selected={selected}
      onChange={onChange}
      error={useFieldError("cards")}
    />
  );
}
