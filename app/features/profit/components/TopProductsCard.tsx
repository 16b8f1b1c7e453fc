// The dashboard's Top Performing Products: revenue, units and growth against the previous period.
import { Badge, BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import { formatMoney, formatPercent } from "~/lib/money";
import type { getDashboard } from "~/features/profit/dashboard.server";

type TopProduct = Awaited<ReturnType<typeof getDashboard>>["topProducts"][number];

export function TopProductsCard({ products, currency }: { products: TopProduct[] | null; currency: string }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Top Performing Products
        </Text>
        {products && products.length === 0 && (
          <Text as="p" tone="subdued">
            No products sold in this period.
          </Text>
        )}
        {products?.map((p, i) => (
          <Box
            key={p.id}
            paddingBlockEnd="200"
            borderBlockEndWidth={i < products.length - 1 ? "025" : "0"}
            borderColor="border"
          >
            <BlockStack gap="100">
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
            </BlockStack>
          </Box>
        ))}
      </BlockStack>
    </Card>
  );
}
