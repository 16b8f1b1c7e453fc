// Perks for holders: each perk with its codes issued and redeemed; "Issue codes" gives every
// current holder (off-chain items, and linked wallets read on chain within 10 minutes) one code.
import { useFetcher } from "@remix-run/react";
import { BlockStack, Box, Button, Card, EmptyState, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { useFetcherResult } from "~/components/useFetcherResult";
import { useToast } from "~/components/toasts";
import { formatMoney, formatPercent } from "~/lib/money";
import { DisabledReason, useDisabledReason } from "~/features/team";
import type { AssetActionResult } from "~/features/digital-assets/schema";
import type { AssetsData } from "~/features/digital-assets/screen.server";
import { PerkDialog } from "./PerkDialog";

type Props = Pick<AssetsData, "perks" | "collections" | "currency">;

export function PerksCard({ perks, collections, currency }: Props) {
  const refused = useDisabledReason("write", "change perks");
  const [adding, setAdding] = useState(false);
  const fetcher = useFetcher<AssetActionResult>({ key: "asset-perk-issue" });
  const toast = useToast();
  useFetcherResult(fetcher, (r) =>
    toast(
      r.ok ? { content: r.message } : { content: Object.values(r.fieldErrors).flat()[0] ?? "Not issued", error: true },
    ),
  );
  const rows = perks.map((p) => ({
    id: p.id,
    cells: [
      p.title,
      p.collectionName,
      p.kind === "percentage"
        ? `${formatPercent(p.percentOff ?? 0, 0)} off`
        : p.kind === "free_shipping"
          ? "Free shipping"
          : `${formatMoney(p.amountMinor ?? 0, currency)} off`,
      p.codes.toLocaleString("en-US"),
      p.redeemed.toLocaleString("en-US"),
    ],
    actions: refused ? undefined : (
      <Button
        loading={fetcher.state !== "idle" && fetcher.formData?.get("perkId") === p.id}
        onClick={() => fetcher.submit({ intent: "issuePerk", perkId: p.id }, { method: "post" })}
      >
        Issue codes
      </Button>
    ),
  }));
  return (
    <BlockStack gap="300">
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Perks for holders
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <DisabledReason reason={refused} />
            <Button disabled={!!refused || collections.length === 0} onClick={() => setAdding(true)}>
              Add perk
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
      <Card padding="0">
        <ResponsiveIndexTable
          resourceName={{ singular: "perk", plural: "perks" }}
          columns={[
            { title: "Perk" },
            { title: "Holders of" },
            { title: "Discount" },
            { title: "Codes issued", alignment: "end" },
            { title: "Redeemed", alignment: "end" },
          ]}
          rows={rows}
          emptyState={
            <EmptyState heading="No perks yet" image="">
              <Text as="p">A perk gives each holder of a collection one Shopify discount code, for them only.</Text>
            </EmptyState>
          }
        />
      </Card>
      {adding && (
        <PerkDialog
          collections={collections}
          currency={currency}
          onClose={() => setAdding(false)}
          onDone={(message) => {
            setAdding(false);
            toast({ content: message });
          }}
        />
      )}
    </BlockStack>
  );
}
