// The dashboard's "Revenue Trend" card: revenue and net profit per bucket of the timeframe, with
// the timeframe's select (docs/product/dashboard.md). While the timeframe changes, the old chart
// stays, dimmed, until the new figures arrive.
import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { TrendChart } from "~/features/profit/TrendChart";
import { TIMEFRAME_LABELS, TimeframeSelect } from "~/features/profit/components/TimeframeSelect";
import { trendNote, trendPointLabel, type Trend } from "~/features/profit/trend-buckets";
import type { Timeframe } from "~/lib/timeframe";

type Props = {
  days: Timeframe;
  /** The period's trend and currency, or null when the metrics failed to load. */
  figures: { trend: Trend; currency: string } | null;
  reloading: boolean;
  onDays: (days: string) => void;
};

export function RevenueTrendCard({ days, figures, reloading, onDays }: Props) {
  const points = figures?.trend.points ?? [];
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Revenue Trend
          </Text>
          <TimeframeSelect days={days} onChange={onDays} />
        </InlineStack>
        <div style={{ minHeight: 290, opacity: reloading ? 0.5 : 1 }}>
          {figures ? (
            <TrendChart
              title={`Revenue and net profit, ${TIMEFRAME_LABELS[days].toLowerCase()}`}
              currency={figures.currency}
              labels={points.map((p) => p.day)}
              pointLabels={points.map(trendPointLabel)}
              note={trendNote(figures.trend)}
              series={[
                { label: "Revenue", color: "#2c6ecb", values: points.map((p) => p.revenueMinor) },
                { label: "Net profit", color: "#29845a", values: points.map((p) => p.netProfitMinor), dashed: true },
              ]}
            />
          ) : (
            <Text as="p" tone="critical">
              Failed to load metrics
            </Text>
          )}
        </div>
      </BlockStack>
    </Card>
  );
}
