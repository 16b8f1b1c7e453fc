// The dashboard's Top Performing Products: by revenue (units and growth against the previous
// period) or, on the toggle, by profit from the Products profit report (costs-products.md).
import { Badge, BlockStack, Box, ButtonGroup, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { formatMoney, formatPercent } from "~/lib/money";
import type { getDashboard } from "~/features/profit/dashboard.server";
import type { TopProductByProfit } from "~/features/profit/products-report.server";

type TopProduct = Awaited<ReturnType<typeof getDashboard>>["topProducts"][number];

export type TopProductsRank = "revenue" | "profit";

type Props = {
  products: TopProduct[] | null;
  currency: string;
  rank?: TopProductsRank;
  byProfit?: TopProductByProfit[] | null;
  onRank?: (rank: TopProductsRank) => void;
};

function Row({ last, children }: { last: boolean; children: React.ReactNode }) {
  return (
    <Box paddingBlockEnd="200" borderBlockEndWidth={last ? "0" : "025"} borderColor="border">
      <BlockStack gap="100">{children}</BlockStack>
    </Box>
  );
}

export function TopProductsCard({ products, currency, rank = "revenue", byProfit = null, onRank }: Props) {
  const list = rank === "profit" ? byProfit : products;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Top Performing Products
          </Text>
          {onRank && (
            <ButtonGroup variant="segmented">
              <Button pressed={rank === "revenue"} onClick={() => onRank("revenue")}>
                Revenue
              </Button>
              <Button pressed={rank === "profit"} onClick={() => onRank("profit")}>
                Profit
              </Button>
            </ButtonGroup>
          )}
        </InlineStack>
        {list && list.length === 0 && (
          <Text as="p" tone="subdued">
            No products sold in this period.
          </Text>
        )}
        {rank === "revenue" &&
          products?.map((p, i) => (
            <Row key={p.id} last={i === products.length - 1}>
              <InlineStack align="space-between" blockAlign="start" wrap={false} gap="200">
                <Text as="p" variant="bodyMd" fontWeight="semibold">
                  {p.title}
                </Text>
                {p.isNew ? (
                  <Badge>New</Badge>
                ) : p.growth === null ? (
                  <Text as="span" tone="subdued" variant="bodySm">
                    —
                  </Text>
                ) : (
                  <Badge tone={p.growth >= 0 ? "success" : "critical"}>
                    {`${p.growth >= 0 ? "↑" : "↓"} ${formatPercent(Math.abs(p.growth), 1)}`}
                  </Badge>
                )}
              </InlineStack>
              <InlineStack align="space-between">
                <Text as="span" tone="subdued" variant="bodySm">
                  {p.unitsSold.toLocaleString("en-US")} units sold · {p.category}
                </Text>
                <Text as="span" variant="bodySm" fontWeight="medium">
                  {formatMoney(p.revenueMinor, currency)}
                </Text>
              </InlineStack>
            </Row>
          ))}
        {rank === "profit" &&
          byProfit?.map((p, i) => (
            <Row key={p.id} last={i === byProfit.length - 1}>
              <InlineStack align="space-between" blockAlign="start" wrap={false} gap="200">
                <Text as="p" variant="bodyMd" fontWeight="semibold">
                  {p.title}
                </Text>
                <Text as="span" variant="bodySm" fontWeight="medium">
                  {p.profitMinor === null ? "Profit unknown" : formatMoney(p.profitMinor, currency)}
                </Text>
              </InlineStack>
              <Text as="span" tone="subdued" variant="bodySm">
                {p.units.toLocaleString("en-US")} units · net sales {formatMoney(p.netSalesMinor, currency)}
                {p.profitMargin === null ? "" : ` · margin ${formatPercent(p.profitMargin)}`}
              </Text>
            </Row>
          ))}
        {rank === "profit" && (
          <Link to="/costs/products">Profit of every product, and how fees and shipping are allocated</Link>
        )}
      </BlockStack>
    </Card>
  );
}
