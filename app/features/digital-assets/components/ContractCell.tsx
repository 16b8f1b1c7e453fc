// A collection's linked contract and what was last read from the chain about its holders, with
// the time of that reading: never "holders" without a reading behind it.
import { BlockStack, Text } from "@shopify/polaris";
import { formatInstant } from "~/lib/dates";
import type { AssetsData } from "~/features/digital-assets/screen.server";

export function ContractCell({
  collection: c,
  timezone,
}: {
  collection: AssetsData["collections"][number];
  timezone: string;
}) {
  if (!c.contractAddress) return <>—</>;
  const standard = c.contractStandard === "erc1155" ? `ERC-1155 #${c.contractTokenId ?? "?"}` : "ERC-721";
  return (
    <BlockStack gap="050">
      <Text as="span">
        {standard} on {c.chainNetwork === "polygon" ? "Polygon" : "Ethereum"}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {c.onChain
          ? `${c.onChain.holders} linked wallet${c.onChain.holders === 1 ? "" : "s"} held it, read ${c.onChain.checkedAt ? formatInstant(c.onChain.checkedAt, timezone) : ""}`
          : "Holders not read from the chain yet"}
      </Text>
    </BlockStack>
  );
}
