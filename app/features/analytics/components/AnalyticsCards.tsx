// The Analytics screen's cards: the registry figures with their change, Order Trends,
// Traffic Sources, Top Regions and the Conversion Funnel. Every figure is labelled and
// formatted from the registry, and every card links to its definitions in the glossary.
import { BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { ChangeIndicator, TrendChart, trendPointLabel } from "~/features/profit";
import { formatMoney, formatPercent } from "~/lib/money";
import {
  BREAKDOWN_METRICS,
  glossaryHref,
  isMetricKey,
  METRICS,
  type FigureKey,
  type MetricKey,
} from "~/features/analytics/metrics";
import type { Analytics } from "~/features/analytics/analytics.server";
import { PaidTrafficNote, VisitorsNote } from "~/features/analytics/components/FigureNotes";

/** The figures on the screen's first row, in order (a saved dashboard may choose others). */
export const DEFAULT_CARDS: MetricKey[] = [
  "netSales",
  "orders",
  "averageOrderValue",
  "conversionRate",
  "sessions",
  "netProfit",
];

export function formatFigure(key: FigureKey, value: number | null, currency: string): string {
  if (value === null) return "—";
  const unit = isMetricKey(key) ? METRICS[key].unit : BREAKDOWN_METRICS[key].unit;
  if (unit === "money") return formatMoney(value, currency);
  if (unit === "rate") return formatPercent(value, 2);
  return value.toLocaleString("en-US");
}

export function HowCalculated({ keys }: { keys: FigureKey | FigureKey[] }) {
  const first = Array.isArray(keys) ? keys[0] : keys;
  return (
    <Text as="p" variant="bodySm">
      <Link to={glossaryHref(first)} data-testid="how-calculated">
        How is this calculated?
      </Link>
    </Text>
  );
}

const polarityOf = (key: MetricKey) => (METRICS[key].polarity === "lowerIsBetter" ? "lowerIsBetter" : "higherIsBetter");

export function FigureCards({ data, cards }: { data: Analytics; cards: MetricKey[] }) {
  const versus = data.comparison === "previous" ? "vs previous period" : "vs same period last year";
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
      {cards.map((key) => (
        <Card key={key}>
          <div data-testid={`figure-${key}`}>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm" tone="subdued">
                {METRICS[key].label}
              </Text>
              {METRICS[key].basis && (
                <Text as="p" variant="bodySm" tone="subdued">
                  {METRICS[key].basis}
                </Text>
              )}
              <Text as="p" variant="heading2xl">
                <span data-testid="figure-value">{formatFigure(key, data.figures.values[key], data.currency)}</span>
              </Text>
              <InlineStack gap="200" blockAlign="center">
                <ChangeIndicator
                  change={data.figures.change[key]}
                  comparable={data.comparable}
                  polarity={polarityOf(key)}
                />
                {data.comparable && (
                  <Text as="span" tone="subdued" variant="bodySm">
                    {versus} ({formatFigure(key, data.figures.previous[key], data.currency)})
                  </Text>
                )}
              </InlineStack>
              <HowCalculated keys={key} />
            </BlockStack>
          </div>
        </Card>
      ))}
    </InlineGrid>
  );
}

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

const pct = (v: number | null) => (v === null ? "—" : formatPercent(v, 1));

export function TrafficSources({ data }: { data: Analytics }) {
  if (data.sources.length === 0) return <NoTraffic />;
  return (
    <BlockStack gap="300">
      <ResponsiveIndexTable
        resourceName={{ singular: "source", plural: "sources" }}
        columns={[
          { title: "Source" },
          { title: "Sessions", alignment: "end" },
          { title: "Share of sessions", alignment: "end" },
          { title: "Orders", alignment: "end" },
          { title: "Share of orders", alignment: "end" },
          { title: "Conversion rate", alignment: "end" },
        ]}
        rows={data.sources.map((s) => ({
          id: s.source,
          cells: [
            s.label,
            s.sessions.toLocaleString("en-US"),
            pct(s.sessionShare),
            s.orders.toLocaleString("en-US"),
            pct(s.orderShare),
            s.conversionRate === null ? "—" : formatPercent(s.conversionRate, 2),
          ],
        }))}
      />
      <PaidTrafficNote data={data} />
      <HowCalculated keys={["sessionShare", "orderShare", "conversionRate"]} />
    </BlockStack>
  );
}

export function TopRegions({ data }: { data: Analytics }) {
  if (data.countries.length === 0)
    return (
      <Text as="p" tone="subdued">
        No orders in this period.
      </Text>
    );
  const money = (v: number | null) => (v === null ? "—" : formatMoney(v, data.currency));
  const rows = data.countries.flatMap((c) => [
    {
      id: c.country,
      cells: [
        <Text key="c" as="span" fontWeight="semibold">
          {c.country}
        </Text>,
        money(c.netSalesMinor),
        c.orders.toLocaleString("en-US"),
        money(c.averageOrderValueMinor),
      ],
    },
    ...c.regions.map((r) => ({
      id: `${c.country}|${r.region}`,
      cells: [
        `↳ ${r.region}`,
        money(r.netSalesMinor),
        r.orders.toLocaleString("en-US"),
        money(r.averageOrderValueMinor),
      ],
    })),
  ]);
  return (
    <BlockStack gap="300">
      <ResponsiveIndexTable
        resourceName={{ singular: "region", plural: "regions" }}
        columns={[
          { title: "Country / region" },
          { title: "Net sales", alignment: "end" },
          { title: "Orders", alignment: "end" },
          {
            title: `${METRICS.averageOrderValue.label} (${METRICS.averageOrderValue.basis?.toLowerCase()})`,
            alignment: "end",
          },
        ]}
        rows={rows}
      />
      <HowCalculated keys={["netSales", "averageOrderValue"]} />
    </BlockStack>
  );
}

const STEP_LABELS = {
  visitors: "Visitors",
  productViews: "Product views",
  addToCart: "Add to cart",
  purchases: "Purchases",
};

export function ConversionFunnel({ data }: { data: Analytics }) {
  if (!data.funnel[0] || data.funnel[0].count === 0) return <NoTraffic />;
  return (
    <BlockStack gap="300">
      {data.funnel.map((s) => {
        if (s.count === null) return <UnreportedStep key={s.step} step={s.step} />;
        const width = Math.max(2, Math.round((s.visitorRate ?? 0) * 100));
        return (
          <div key={s.step} data-testid={`funnel-${s.step}`}>
            <BlockStack gap="100">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="span" fontWeight="semibold">
                  {STEP_LABELS[s.step]}
                </Text>
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span">{s.count.toLocaleString("en-US")}</Text>
                  <ChangeIndicator change={s.change} comparable={data.comparable} />
                </InlineStack>
              </InlineStack>
              <div
                aria-hidden
                style={{ height: 8, borderRadius: 4, background: "var(--p-color-bg-surface-secondary)" }}
              >
                <div style={{ width: `${width}%`, height: 8, borderRadius: 4, background: "#2c6ecb" }} />
              </div>
              <Text as="span" tone="subdued" variant="bodySm">
                {s.stepRate === null ? "" : `${pct(s.stepRate)} of the previous step · `}
                {pct(s.visitorRate)} of all visitors ·{" "}
                {s.previousCount === null ? "not reported" : s.previousCount.toLocaleString("en-US")} in the comparison
                period
              </Text>
            </BlockStack>
          </div>
        );
      })}
      <VisitorsNote data={data} />
      <HowCalculated keys={["visitors", "stepRate", "visitorRate"]} />
    </BlockStack>
  );
}

/** A step the store's analytics does not report: said so, never drawn as 0 (decision 065). */
function UnreportedStep({ step }: { step: keyof typeof STEP_LABELS }) {
  return (
    <div data-testid={`funnel-${step}`}>
      <BlockStack gap="100">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="span" fontWeight="semibold">
            {STEP_LABELS[step]}
          </Text>
          <Text as="span" tone="subdued">
            Not reported by Shopify
          </Text>
        </InlineStack>
        <Text as="span" tone="subdued" variant="bodySm">
          Shopify&apos;s analytics counts sessions, cart additions and completed checkouts, but not sessions that viewed
          a product, so this step is left out rather than shown as 0. The next step&apos;s rate is of all visitors.
        </Text>
      </BlockStack>
    </div>
  );
}

function NoTraffic() {
  return (
    <Text as="p" tone="subdued">
      No sessions were recorded for this period. Sessions and the funnel come from Shopify&apos;s analytics once the app
      can read reports (see the notice above).
    </Text>
  );
}
