// Overview: the collections in brief, the latest items issued (each with its verification page)
// and the wallet integration: how many customers linked a wallet with Sign-In with Ethereum.
import { Badge, BlockStack, Card, EmptyState, InlineGrid, InlineStack, Link, Text } from "@shopify/polaris";
import { formatInstant } from "~/lib/dates";
import type { AssetsData } from "~/features/digital-assets/screen.server";
import { StatusBadge } from "./StatusBadge";

type Props = Pick<AssetsData, "collections" | "recent" | "timezone"> & { linkedWallets: number };

export function OverviewTab({ collections, recent, timezone, linkedWallets }: Props) {
  if (collections.length === 0)
    return (
      <Card>
        <EmptyState
          heading="No digital assets yet"
          image=""
          action={{ content: "Create a collection", url: "?tab=collections" }}
        >
          <Text as="p">
            Define a collectible or membership pass, issue it to customers by hand or by a rule, and each holder gets a
            page that proves it. Nothing is minted: see Blockchain Settings to read an existing contract.
          </Text>
        </EmptyState>
      </Card>
    );
  return (
    <InlineGrid columns={{ xs: 1, md: ["twoThirds", "oneThird"] }} gap="400">
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Assets
            </Text>
            {collections.slice(0, 6).map((c) => (
              <InlineStack key={c.id} align="space-between" blockAlign="center" wrap={false}>
                <BlockStack gap="050">
                  <Text as="span" fontWeight="semibold">
                    {c.name}
                  </Text>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {c.issued.toLocaleString("en-US")} of {c.supply.toLocaleString("en-US")} issued
                  </Text>
                </BlockStack>
                <StatusBadge status={c.displayStatus} />
              </InlineStack>
            ))}
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Recent activity
            </Text>
            {recent.length === 0 ? (
              <Text as="p" tone="subdued">
                Nothing issued yet.
              </Text>
            ) : (
              recent.map((r) => (
                <InlineStack key={r.id} align="space-between" blockAlign="center" gap="200">
                  <Text as="span">
                    {r.collectionName} #{r.serial} to {r.customerName}{" "}
                    <Badge>{r.source === "rule" ? "By rule" : "By hand"}</Badge>
                  </Text>
                  <InlineStack gap="200">
                    <Text as="span" variant="bodySm" tone="subdued">
                      {formatInstant(r.issuedAt, timezone)}
                    </Text>
                    <Link url={r.verifyPath} target="_blank">
                      Verify
                    </Link>
                  </InlineStack>
                </InlineStack>
              ))
            )}
          </BlockStack>
        </Card>
      </BlockStack>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Wallet integration
          </Text>
          <Text as="p" tone="subdued">
            {linkedWallets === 1 ? "1 customer has" : `${linkedWallets.toLocaleString("en-US")} customers have`} linked
            a wallet with Sign-In with Ethereum on your storefront (/apps/loyalty/wallet). Linking proves who holds a
            wallet; the app never holds keys or moves tokens.
          </Text>
        </BlockStack>
      </Card>
    </InlineGrid>
  );
}
