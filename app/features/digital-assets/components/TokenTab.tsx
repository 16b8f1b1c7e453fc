// Loyalty Tokens: the loyalty program's points shown as a token, every figure from its ledger.
import { BlockStack, Card, EmptyState, InlineGrid, Text } from "@shopify/polaris";
import type { AssetsData } from "~/features/digital-assets/screen.server";

const n = (x: number) => (x || 0).toLocaleString("en-US");

function Figure({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        {value}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {help}
      </Text>
    </BlockStack>
  );
}

export function TokenTab({ token }: { token: AssetsData["token"] }) {
  if (!token)
    return (
      <Card>
        <EmptyState heading="No loyalty program yet" image="" action={{ content: "Open Loyalty", url: "/loyalty" }}>
          <Text as="p">Your points appear here as a token once the loyalty program has members.</Text>
        </EmptyState>
      </Card>
    );
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {token.name} ({token.symbol})
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
          <Figure label="Total supply" value={n(token.supply)} help="points outstanding" />
          <Figure
            label="Circulating"
            value={n(token.circulating)}
            help={`held by members active in ${token.activeDays} days`}
          />
          <Figure label="Holders" value={n(token.holders)} help="members with a balance" />
          <Figure label="Rewards distributed" value={n(token.rewardsDistributed)} help="points spent on rewards" />
        </InlineGrid>
        <Text as="p" variant="bodySm" tone="subdued">
          These are your loyalty points, read from the same ledger as the Loyalty screen. They live in this app only:
          nothing is on a blockchain, and they cannot be transferred or sold.
        </Text>
      </BlockStack>
    </Card>
  );
}
