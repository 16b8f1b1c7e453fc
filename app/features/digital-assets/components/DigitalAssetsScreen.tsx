// The Digital Assets screen (admin-and-public.md §2 screen 6): four stat cards from stored data,
// then the tabs; each tab is a URL (?tab=) so the live chain reads run only on Blockchain Settings.
import { useNavigation, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, InlineGrid, SkeletonBodyText, Tabs, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import type { AssetFigures } from "~/features/digital-assets/overview.server";
import { ASSET_TABS, type AssetTabId } from "~/features/digital-assets/types";
import type { AssetsData } from "~/features/digital-assets/screen.server";
import { CollectionsTab } from "./CollectionsTab";
import { PerksCard } from "./PerksCard";
import { OverviewTab } from "./OverviewTab";
import { SettingsTab } from "./SettingsTab";
import { TokenTab } from "./TokenTab";

const n = (x: number) => x.toLocaleString("en-US");

function Stat({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h2" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingLg">
          {value}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {help}
        </Text>
      </BlockStack>
    </Card>
  );
}

export function StatCards({ figures }: { figures: AssetFigures }) {
  return (
    <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
      <Stat label="Collections" value={n(figures.collections)} help={`${n(figures.activeCollections)} active`} />
      <Stat label="Items issued" value={n(figures.itemsIssued)} help={`held by ${n(figures.collectors)} customers`} />
      <Stat label="Token holders" value={n(figures.tokenHolders)} help="members with a points balance" />
      <Stat label="Perks redeemed" value={n(figures.perksRedeemed)} help="Holder perk codes used by an order" />
    </InlineGrid>
  );
}

export function DigitalAssetsScreen(props: AssetsData) {
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/digital-assets";
  const selected = Math.max(
    0,
    ASSET_TABS.findIndex((t) => t.id === props.tab),
  );
  const select = (i: number) => {
    const id: AssetTabId = ASSET_TABS[i]!.id;
    setSearchParams(id === "overview" ? {} : { tab: id }, { preventScrollReset: true });
  };
  return (
    <AdminPage title="Digital Assets" subtitle="Collectibles, membership passes and your points as a token">
      <BlockStack gap="400">
        <StatCards figures={props.figures} />
        <Card padding="0">
          <Tabs
            tabs={ASSET_TABS.map((t) => ({ id: t.id, content: t.label, panelID: `assets-${t.id}` }))}
            selected={selected}
            onSelect={select}
          />
        </Card>
        {loading ? (
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        ) : props.tab === "collections" ? (
          <BlockStack gap="400">
            <CollectionsTab collections={props.collections} choices={props.choices} timezone={props.timezone} />
            <PerksCard perks={props.perks} collections={props.collections} currency={props.currency} />
          </BlockStack>
        ) : props.tab === "tokens" ? (
          <TokenTab token={props.token} />
        ) : props.tab === "settings" && props.settings ? (
          <SettingsTab settings={props.settings} />
        ) : (
          <OverviewTab
            collections={props.collections}
            recent={props.recent}
            timezone={props.timezone}
            linkedWallets={props.figures.linkedWallets}
          />
        )}
      </BlockStack>
    </AdminPage>
  );
}
