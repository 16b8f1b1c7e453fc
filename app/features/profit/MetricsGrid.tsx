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

const TITLES: Record<MetricKey, string> = {
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

export function ChangeIndicator({ change }: { change: number | null }) {
  if (change === null)
    return (
      <Text as="span" tone="subdued" variant="bodySm">
        No previous data
      </Text>
    );
  const up = change >= 0;
  return (
    <span
      data-testid="change"
      data-direction={up ? "up" : "down"}
      style={{ color: up ? "#0c5132" : "#8e1f0b", fontSize: 13, fontWeight: 600 }}
      aria-label={`${up ? "Up" : "Down"} ${Math.abs(change * 100).toFixed(1)}% from previous period`}
    >
      {up ? "↑" : "↓"} {Math.abs(change * 100).toFixed(1)}%
    </span>
  );
}

type Props = {
  metrics: Metric[];
  currency: string;
  margin: number | null;
  uncostedProducts: number;
  days: number;
};

export function MetricsGrid({ metrics, currency, margin, uncostedProducts, days }: Props) {
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
                <Text as="h3" variant="headingSm" tone="subdued">
                  {TITLES[m.key]}
                </Text>
                <Text as="p" variant="heading2xl" tone={isProfit ? (positive ? "success" : "critical") : undefined}>
                  <span data-testid="metric-value">{formatValue(m.key, m.value, currency)}</span>
                </Text>
                <InlineStack gap="200" blockAlign="center">
                  <ChangeIndicator change={m.change} />
                  <Text as="span" tone="subdued" variant="bodySm">
                    vs previous {days} days
                  </Text>
                </InlineStack>
                {isProfit && (
                  <Text as="p" variant="bodySm" tone="subdued">
                    {margin !== null && margin > 0 ? `${formatPercent(margin, 1)} margin` : "No margin data"}
                  </Text>
                )}
                {isProfit && uncostedProducts > 0 && (
                  <Text as="p" variant="bodySm" tone="caution">
                    <span data-testid="uncosted-note">
                      {uncostedProducts} {uncostedProducts === 1 ? "product" : "products"} sold{" "}
                      {uncostedProducts === 1 ? "has" : "have"} no cost. <Link to="/costs">Add costs</Link>
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
