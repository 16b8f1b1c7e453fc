// /loyalty (admin-and-public.md §2 screen 7): the Settings and New Campaign dialogs and the
// tabs Overview, Tier Management, Campaigns and Analytics; notices per the spec's §8.
import { useSearchParams } from "@remix-run/react";
import { BlockStack, Tabs, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import {
  CampaignDialog,
  AdjustDialog,
  DeleteTierDialog,
  RedeemDialog,
  SettingsDialog,
  TierDialog,
  type SettingsValues,
} from "~/features/loyalty/components/LoyaltyDialogs";
import {
  AnalyticsTab,
  CampaignsTab,
  OverviewTab,
  TiersTab,
  type AnalyticsData,
  type CampaignData,
  type OverviewData,
  type RedemptionData,
  type TierData,
} from "~/features/loyalty/components/LoyaltyTabs";
import type { Notice } from "~/features/loyalty/components/notices";
import { currentSearchParams } from "~/components/search-params";

export const LOYALTY_TABS = [
  { id: "overview", content: "Overview" },
  { id: "tiers", content: "Tier Management" },
  { id: "campaigns", content: "Campaigns" },
  { id: "analytics", content: "Analytics" },
] as const;
export type LoyaltyTab = (typeof LOYALTY_TABS)[number]["id"];

type Dialog =
  | null
  | { kind: "settings" }
  | { kind: "campaign" }
  | { kind: "redeem" }
  | { kind: "adjust" }
  | { kind: "tier"; editing: TierData | null }
  | { kind: "deleteTier"; tier: TierData };

export function LoyaltyScreen({
  tab,
  currency,
  today,
  overview,
  settings,
  tiers,
  campaigns,
  collections,
  analytics,
  redemptions,
}: {
  tab: LoyaltyTab;
  currency: string;
  today: string;
  overview: OverviewData;
  settings: SettingsValues;
  tiers: TierData[];
  campaigns: CampaignData[];
  /** The shop's collections, for the campaign's collection limit (decision 072). */
  collections: { id: string; title: string }[];
  analytics: AnalyticsData | null;
  redemptions: RedemptionData[];
}) {
  const [, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const selected = Math.max(
    0,
    LOYALTY_TABS.findIndex((t) => t.id === tab),
  );
  const close = () => setDialog(null);
  return (
    <AdminPage
      title="Loyalty"
      subtitle={overview.programName}
      primaryAction={{ content: "New Campaign", onAction: () => setDialog({ kind: "campaign" }) }}
      secondaryActions={[{ content: "Settings", onAction: () => setDialog({ kind: "settings" }) }]}
    >
      <BlockStack gap="400">
        <Tabs
          tabs={LOYALTY_TABS.map((t) => ({ ...t, panelID: `${t.id}-panel` }))}
          selected={selected}
          onSelect={(i) =>
            setSearchParams(
              () => {
                const next = currentSearchParams();
                next.set("tab", LOYALTY_TABS[i].id);
                return next;
              },
              { preventScrollReset: true },
            )
          }
        />
        <div id={`${LOYALTY_TABS[selected].id}-panel`}>
          {tab === "overview" && (
            <OverviewTab
              overview={overview}
              tiers={tiers}
              currency={currency}
              accountingHref="/loyalty/accounting.csv"
              redemptions={redemptions}
              onRedeem={() => setDialog({ kind: "redeem" })}
              onAdjust={() => setDialog({ kind: "adjust" })}
            />
          )}
          {tab === "tiers" && (
            <TiersTab
              tiers={tiers}
              currency={currency}
              onAdd={() => setDialog({ kind: "tier", editing: null })}
              onEdit={(t) => setDialog({ kind: "tier", editing: t })}
              onDelete={(t) => setDialog({ kind: "deleteTier", tier: t })}
            />
          )}
          {tab === "campaigns" && <CampaignsTab campaigns={campaigns} onNew={() => setDialog({ kind: "campaign" })} />}
          {tab === "analytics" && analytics && <AnalyticsTab analytics={analytics} tiers={tiers} currency={currency} />}
        </div>
      </BlockStack>
      {dialog?.kind === "settings" && <SettingsDialog initial={settings} onClose={close} onDone={setNotice} />}
      {dialog?.kind === "redeem" && <RedeemDialog onClose={close} onDone={setNotice} />}
      {dialog?.kind === "adjust" && <AdjustDialog onClose={close} onDone={setNotice} />}
      {dialog?.kind === "campaign" && (
        <CampaignDialog tiers={tiers} collections={collections} today={today} onClose={close} onDone={setNotice} />
      )}
      {dialog?.kind === "tier" && <TierDialog editing={dialog.editing} onClose={close} onDone={setNotice} />}
      {dialog?.kind === "deleteTier" && <DeleteTierDialog tier={dialog.tier} onClose={close} onDone={setNotice} />}
      {notice && (
        <Toast
          content={`${notice.title}: ${notice.body}`}
          error={notice.destructive}
          duration={5000}
          onDismiss={() => setNotice(null)}
        />
      )}
    </AdminPage>
  );
}
