// The dashboard's six metric cards with change against the previous period.
import {
  BlockStack,
  Card,
  InlineGrid,
  InlineStack,
  SkeletonBodyText,
  SkeletonDisplayText,
  Text,
} from "@shopify/polaris";
import { Link } from "@remix-run/react";
import type { Metric, MetricKey } from "~/features/profit/dashboard.server";
import { formatMoney, formatPercent } from "~/lib/money";
import { ChangeIndicator } from "~/features/profit/components/ChangeIndicator";
import { missingCostSentence, type MissingCount } from "~/features/profit/missing-costs";
import { AOV_BASIS } from "~/features/profit/profit";

/** The cards' titles; each key has its definition in the metrics registry (analytics/metrics.ts). */
export const METRIC_TITLES: Record<MetricKey, string> = {
  revenue: "Revenue",
  orders: "Orders",
  conversionRate: "Conversion Rate",
  averageOrderValue: "Average Order Value",
  netProfit: "Net Profit",
  totalCosts: "Total Costs",
};

function formatValue(key: MetricKey, value: number | null, currency: string): string {
  if (value === null) return "—";
  if (key === "orders") return value.toLocaleString("en-US");
  if (key === "conversionRate") return formatPercent(value, 2);
  return formatMoney(value, currency);
}

type Props = {
  metrics: Metric[];
  currency: string;
  margin: number | null;
  /** Variants sold in the period without a cost, of all sold (missing-costs.server.ts). */
  missingCosts: MissingCount;
  days: number;
  /** Whether the previous period is comparable (comparison.ts). */
  comparable: boolean;
};

export function MetricsGrid({ metrics, currency, margin, missingCosts, days, comparable }: Props) {
  const missing = missingCostSentence(missingCosts);
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
      {metrics.map((m) => {
        const isProfit = m.key === "netProfit";
        const positive = isProfit && (m.value ?? 0) >= 0;
        const glow = isProfit && (m.value ?? 0) > 0;
        return (
          <div
            key={m.key}
            data-testid={`metric-${m.key}`}
            data-positive={isProfit ? String(positive) : undefined}
            style={
              glow
                ? { borderRadius: 12, boxShadow: "0 0 0 2px rgba(41,132,90,.35), 0 0 18px rgba(41,132,90,.25)" }
                : undefined
            }
          >
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingSm" tone="subdued">
                  {METRIC_TITLES[m.key]}
                </Text>
                {m.key === "averageOrderValue" && (
                  <Text as="p" variant="bodySm" tone="subdued">
                    {AOV_BASIS}
                  </Text>
                )}
                <Text as="p" variant="heading2xl" tone={isProfit ? (positive ? "success" : "critical") : undefined}>
                  <span data-testid="metric-value">{formatValue(m.key, m.value, currency)}</span>
                </Text>
                <InlineStack gap="200" blockAlign="center">
                  <ChangeIndicator
                    change={m.change}
                    comparable={comparable}
                    polarity={m.key === "totalCosts" ? "lowerIsBetter" : "higherIsBetter"}
                  />
                  {m.change !== null && (
                    <Text as="span" tone="subdued" variant="bodySm">
                      vs previous {days} days
                    </Text>
                  )}
                </InlineStack>
                {isProfit && (
                  <Text as="p" variant="bodySm" tone="subdued">
                    {margin !== null && margin > 0 ? `${formatPercent(margin, 1)} margin` : "No margin data"}
                  </Text>
                )}
                <Text as="p" variant="bodySm">
                  <Link to={`/analytics/glossary#${m.key}`} data-testid="metric-definition">
                    How is this calculated?
                  </Link>
                </Text>
                {isProfit && missing && (
                  <Text as="p" variant="bodySm" tone="caution">
                    <span data-testid="uncosted-note">
                      {missing}. <Link to={`/costs?days=${days}`}>Add costs</Link>
                    </span>
                  </Text>
                )}
              </BlockStack>
            </Card>
          </div>
        );
      })}
    </InlineGrid>
  );
}

export function MetricsSkeleton() {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i}>
          <div data-testid="metric-skeleton" style={{ minHeight: 110 }}>
            <BlockStack gap="300">
              <SkeletonBodyText lines={1} />
              <SkeletonDisplayText size="medium" />
              <SkeletonBodyText lines={1} />
            </BlockStack>
          </div>
        </Card>
      ))}
    </InlineGrid>
  );
}

export function MetricsError() {
  return (
    <Card>
      <Text as="p" tone="critical">
        Failed to load metrics
      </Text>
    </Card>
  );
}
