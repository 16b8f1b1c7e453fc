// Order Trends: net sales over the period, with the comparison period's line only when the
// periods are comparable.
import { HowCalculated } from "~/features/analytics/components/FigureCards";
import { BlockStack, Text } from "@shopify/polaris";
import { TrendChart, trendPointLabel } from "~/features/profit";
import type { Analytics } from "~/features/analytics/analytics.server";

const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const short = (day: string) => (day ? SHORT.format(new Date(`${day}T00:00:00Z`)) : "");

function trendNote(t: Analytics["trend"], comparable: boolean): string {
  const unit =
    t.bucketDays === 1 ? "Daily" : `Weekly, weeks starting ${t.weekStart === "monday" ? "Monday" : "Sunday"}`;
  const last = t.points.at(-1);
  const soFar = last?.soFar ? `; the last point is ${t.bucketDays === 1 ? "today" : "this week"} so far` : "";
  const left = t.leftOutDays
    ? `; the first ${t.leftOutDays} ${t.leftOutDays === 1 ? "day is" : "days are"} in the totals, not the chart`
    : "";
  return `${unit}${soFar}${left}.${comparable ? " Dashed: the comparison period." : " No comparison: the store has no comparable period."}`;
}

export function OrderTrends({ data }: { data: Analytics }) {
  const t = data.trend;
  const labels = t.points.map((p) => p.day);
  // No comparison line, nor "vs" in the labels, when the previous period is not comparable.
  const compared = data.comparable;
  const pointLabels = t.points.map((p, i) =>
    compared
      ? `${trendPointLabel(p)} vs ${short(t.comparison[i]?.day)}${t.bucketDays > 1 ? ` – ${short(t.comparison[i]?.to)}` : ""}`
      : trendPointLabel(p),
  );
  const cmpLabel = data.comparison === "previous" ? "previous period" : "last year";
  const comparisonOf = (label: string, values: number[]) =>
    compared ? [{ label: `${label}, ${cmpLabel}`, color: "#8a8a8a", values, dashed: true }] : [];
  if (t.points.length === 0)
    return (
      <Text as="p" tone="subdued">
        This period is too short to chart.
      </Text>
    );
  return (
    <BlockStack gap="400">
      <TrendChart
        title={compared ? "Net sales, this period and the comparison period" : "Net sales, this period"}
        currency={data.currency}
        labels={labels}
        pointLabels={pointLabels}
        height={220}
        series={[
          { label: "Net sales", color: "#2c6ecb", values: t.points.map((p) => p.netSalesMinor) },
          ...comparisonOf(
            "Net sales",
            t.comparison.map((p) => p.netSalesMinor),
          ),
        ]}
      />
      <TrendChart
        title={compared ? "Orders, this period and the comparison period" : "Orders, this period"}
        currency={data.currency}
        unit="count"
        labels={labels}
        pointLabels={pointLabels}
        height={180}
        note={trendNote(t, compared)}
        series={[
          { label: "Orders", color: "#29845a", values: t.points.map((p) => p.orders) },
          ...comparisonOf(
            "Orders",
            t.comparison.map((p) => p.orders),
          ),
        ]}
      />
      <HowCalculated keys="netSales" />
    </BlockStack>
  );
}
