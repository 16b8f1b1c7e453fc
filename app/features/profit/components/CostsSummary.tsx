// The Costs screen's three headline cards: net profit, total costs, products sold without a cost.
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { formatMoney, formatPercent } from "~/lib/money";

export type CostsSummaryData = {
  netProfitMinor: number;
  totalCostsMinor: number;
  margin: number | null;
  cogsMinor: number;
  operatingExpensesMinor: number;
  uncostedProducts: number;
};

function SummaryCard({ title, children, note }: { title: string; children: ReactNode; note: string }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {title}
        </Text>
        {children}
        <Text as="p" variant="bodySm" tone="subdued">
          {note}
        </Text>
      </BlockStack>
    </Card>
  );
}

export function CostsSummary({
  summary,
  currency,
  days,
}: {
  summary: CostsSummaryData;
  currency: string;
  days: number;
}) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
      <SummaryCard
        title={`Net Profit (last ${days} days)`}
        note={
          summary.margin !== null && summary.margin > 0
            ? `${formatPercent(summary.margin, 1)} margin`
            : "No margin data"
        }
      >
        <Text as="p" variant="headingXl" tone={summary.netProfitMinor >= 0 ? "success" : "critical"}>
          <span data-testid="costs-net-profit">{formatMoney(summary.netProfitMinor, currency)}</span>
        </Text>
      </SummaryCard>
      <SummaryCard
        title={`Total Costs (last ${days} days)`}
        note={`Cost of goods ${formatMoney(summary.cogsMinor, currency)} · Expenses ${formatMoney(summary.operatingExpensesMinor, currency)}`}
      >
        <Text as="p" variant="headingXl">
          <span data-testid="costs-total-costs">{formatMoney(summary.totalCostsMinor, currency)}</span>
        </Text>
      </SummaryCard>
      <SummaryCard
        title="Products sold without a cost"
        note="Their cost of goods is left out of profit until you add it."
      >
        <Text as="p" variant="headingXl">
          <span data-testid="costs-uncosted">{summary.uncostedProducts}</span>
        </Text>
      </SummaryCard>
    </InlineGrid>
  );
}
