// The Analytics screen's figures from the registry with their change, and the two helpers every
// analytics card shares: a figure formatted by its registry unit, and the link to its definition.
import { BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { ChangeIndicator } from "~/features/profit";
import { formatMoney, formatMultiple, formatPercent } from "~/lib/money";
import {
  BREAKDOWN_METRICS,
  glossaryHref,
  isMetricKey,
  METRICS,
  type FigureKey,
  type MetricKey,
} from "~/features/analytics/metrics";
import type { Analytics } from "~/features/analytics/analytics.server";

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
  if (unit === "multiple") return formatMultiple(value);
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

/** A share or rate on the traffic and funnel cards. */
export const pct = (v: number | null) => (v === null ? "—" : formatPercent(v, 1));

/** Instead of a traffic or funnel card's figures when the period had no sessions. */
export function NoTraffic() {
  return (
    <Text as="p" tone="subdued">
      No sessions were recorded for this period. Sessions and the funnel come from Shopify&apos;s analytics once the app
      can read reports (see the notice above).
    </Text>
  );
}
