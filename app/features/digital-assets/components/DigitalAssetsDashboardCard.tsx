// The dashboard's digital-assets card (beside loyalty): the same figures as the screen's stat
// cards and GET /api/digital-assets.
import { Link } from "@remix-run/react";
import { BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { AssetFigures } from "~/features/digital-assets/overview.server";

const n = (x: number) => x.toLocaleString("en-US");

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        <span data-testid={testId}>{value}</span>
      </Text>
    </BlockStack>
  );
}

export function DigitalAssetsDashboardCard({ data }: { data: AssetFigures }) {
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Digital assets
          </Text>
          <Link to="/digital-assets">View all</Link>
        </InlineStack>
        <InlineGrid columns={2} gap="400">
          <Figure
            label="Collections"
            value={`${n(data.collections)} (${n(data.activeCollections)} active)`}
            testId="assets-collections"
          />
          <Figure label="Items issued" value={n(data.itemsIssued)} testId="assets-issued" />
          <Figure label="Collectors" value={n(data.collectors)} testId="assets-collectors" />
          <Figure label="Token holders" value={n(data.tokenHolders)} testId="assets-token-holders" />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
