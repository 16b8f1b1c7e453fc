// The Costs screen's three headline cards: net profit, total costs with their parts,
// and the one count of variants sold without a cost.
import { BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { formatMoney, formatPercent } from "~/lib/money";
import { costParts, type PnlLine } from "~/features/profit/pnl";
import type { ProfitFigures } from "~/features/profit/profit";
import { missingCostSentence } from "~/features/profit/missing-costs";

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h2" variant="headingSm" tone="subdued">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

export function CostsSummary({
  lines,
  figures,
  missing,
  currency,
  days,
}: {
  lines: PnlLine[];
  figures: ProfitFigures;
  missing: { total: number; sold: number; unknownFeeOrders?: number; unknownLabelOrders?: number; orders?: number };
  currency: string;
  days: number;
}) {
  const parts = costParts(lines);
  const sentence = missingCostSentence({
    missing: missing.total,
    sold: missing.sold,
    unknownFeeOrders: missing.unknownFeeOrders,
    unknownLabelOrders: missing.unknownLabelOrders,
    orders: missing.orders,
  });
  return (
    <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
      <SummaryCard title={`Net Profit (last ${days} days)`}>
        <Text as="p" variant="headingXl" tone={figures.netProfitMinor >= 0 ? "success" : "critical"}>
          <span data-testid="costs-net-profit">{formatMoney(figures.netProfitMinor, currency)}</span>
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {figures.profitMargin !== null ? `${formatPercent(figures.profitMargin, 1)} margin` : "No revenue yet"}
        </Text>
      </SummaryCard>
      <SummaryCard title={`Total Costs (last ${days} days)`}>
        <Text as="p" variant="headingXl">
          <span data-testid="costs-total-costs">{formatMoney(figures.totalCostsMinor, currency)}</span>
        </Text>
        <div data-testid="costs-parts">
          {parts.map((p) => (
            <InlineStack key={p.key} align="space-between" gap="200">
              <Text as="span" variant="bodySm" tone="subdued">
                {p.label}
              </Text>
              <Text as="span" variant="bodySm" numeric>
                {formatMoney(p.amountMinor, currency)}
              </Text>
            </InlineStack>
          ))}
        </div>
      </SummaryCard>
      <SummaryCard title="Variants sold without a cost">
        <Text as="p" variant="headingXl">
          <span data-testid="costs-uncosted">
            {missing.total} of {missing.sold}
          </span>
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {sentence
            ? `${sentence}. Their cost of goods is unknown, not zero, until you add it.`
            : "Every variant sold in this period has a cost."}
        </Text>
      </SummaryCard>
    </InlineGrid>
  );
}
