// The timeframe choice shared by the dashboard and Costs & Profit.
import { Select } from "@shopify/polaris";
import { TIMEFRAMES } from "~/lib/timeframe";

export const TIMEFRAME_LABELS: Record<number, string> = {
  30: "Last 30 days",
  90: "Last 90 days",
  365: "Last 12 months",
};

export function TimeframeSelect({ days, onChange }: { days: number; onChange: (value: string) => void }) {
  return (
    <div style={{ minWidth: 170 }}>
      <Select
        label="Timeframe"
        labelHidden
        options={TIMEFRAMES.map((t) => ({ label: TIMEFRAME_LABELS[t], value: String(t) }))}
        value={String(days)}
        onChange={onChange}
      />
    </div>
  );
}
