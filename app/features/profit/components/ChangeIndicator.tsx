// A change against the previous period, coloured by whether it is good news: a rise in
// sales or profit is green, a rise in a cost is red. "—" when there is nothing honest to
// show (comparison.ts): no comparable period, or nothing to compare with.
import { Text } from "@shopify/polaris";
import { changeTone, type Polarity } from "~/features/profit/comparison";

const HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

// Polaris tokens, so the colours hold on the dark theme too (Settings → General).
const COLORS = {
  success: "var(--p-color-text-success)",
  critical: "var(--p-color-text-critical)",
  subdued: "var(--p-color-text-secondary)",
} as const;

export function ChangeIndicator({
  change,
  polarity = "higherIsBetter",
  comparable = true,
  compact = false,
}: {
  change: number | null;
  polarity?: Polarity;
  comparable?: boolean;
  /** Just "—" (with the reason for screen readers and on hover), for tables. */
  compact?: boolean;
}) {
  const reason = comparable ? "no previous data" : "no comparable period";
  if (change === null)
    return (
      <Text as="span" tone="subdued" variant="bodySm">
        {compact ? (
          <span data-testid="change-none" title={reason}>
            <span aria-hidden>—</span>
            <span style={HIDDEN}>{reason}</span>
          </span>
        ) : (
          <span data-testid="change-none">— {reason}</span>
        )}
      </Text>
    );
  const up = change >= 0;
  const pct = `${Math.abs(change * 100).toFixed(1)}%`;
  const flat = pct === "0.0%";
  const tone = flat ? "subdued" : changeTone(change, polarity);
  return (
    <span
      data-testid="change"
      data-direction={flat ? "flat" : up ? "up" : "down"}
      data-tone={tone}
      style={{ color: COLORS[tone], fontSize: 13, fontWeight: 600, whiteSpace: "nowrap" }}
    >
      <span aria-hidden>{flat ? pct : `${up ? "↑" : "↓"} ${pct}`}</span>
      <span style={HIDDEN}>
        {flat ? "No change from previous period" : `${up ? "Up" : "Down"} ${pct} from previous period`}
      </span>
    </span>
  );
}
