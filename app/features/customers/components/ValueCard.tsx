// Lifetime value (historic and predicted, with the method), churn risk and the expected next order.
import { Badge, BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { formatMoney, formatPercent } from "~/lib/money";
import { LTV_METHODS } from "~/features/customers/clv";

const RISK_TONE = { Low: "success", Medium: "attention", High: "critical" } as const;

type Props = {
  currency: string;
  totalSpentMinor: number;
  predicted12mMinor: number | null;
  ltvMethod: string | null;
  churnRisk: string | null;
  pNoPurchase90: number | null;
  nextOrderDay: string | null;
};

export function ValueCard(props: Props) {
  const { currency, nextOrderDay, ...score } = props;
  const money = (v: number) => formatMoney(v, currency);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Value and churn risk
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              Historic value (net spend to date)
            </Text>
            <Text as="p" variant="headingLg">
              {money(score.totalSpentMinor)}
            </Text>
          </BlockStack>
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              Predicted next 12 months
            </Text>
            <Text as="p" variant="headingLg">
              {score.predicted12mMinor === null ? "—" : money(score.predicted12mMinor)}
            </Text>
            {score.ltvMethod && (
              <Text as="p" variant="bodySm" tone="subdued">
                Method: {LTV_METHODS[score.ltvMethod as keyof typeof LTV_METHODS] ?? score.ltvMethod}
              </Text>
            )}
          </BlockStack>
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              Churn risk
            </Text>
            {score.churnRisk ? (
              <InlineStack gap="200">
                <Badge tone={RISK_TONE[score.churnRisk as keyof typeof RISK_TONE]}>{score.churnRisk}</Badge>
                <Text as="span">{formatPercent(score.pNoPurchase90 ?? 0)} chance of no order in the next 90 days</Text>
              </InlineStack>
            ) : (
              <Text as="p">—</Text>
            )}
          </BlockStack>
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              Expected next order
            </Text>
            <Text as="p">{nextOrderDay ?? "Not expected"}</Text>
          </BlockStack>
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
