// /loyalty (admin-and-public.md §2 screen 7): the Settings and New Campaign dialogs and the
// tabs Overview, Tier Management, Campaigns and Analytics; notices per the spec's §8.
import { BlockStack, Tabs, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { AdjustDialog } from "~/features/loyalty/components/AdjustDialog";
import { AnalyticsTab } from "~/features/loyalty/components/AnalyticsTab";
import { CampaignConfirmDialog } from "~/features/loyalty/components/CampaignConfirmDialog";
import { CampaignDialog } from "~/features/loyalty/components/CampaignDialog";
import { CampaignsTab } from "~/features/loyalty/components/CampaignsTab";
import { DeleteTierDialog } from "~/features/loyalty/components/DeleteTierDialog";
import { OverviewTab } from "~/features/loyalty/components/OverviewTab";
import { RedeemDialog } from "~/features/loyalty/components/RedeemDialog";
import { SettingsDialog } from "~/features/loyalty/components/SettingsDialog";
import { TierDialog } from "~/features/loyalty/components/TierDialog";
import { TiersTab } from "~/features/loyalty/components/TiersTab";
import type { CampaignView } from "~/features/loyalty/campaigns.server";
import type { SettingsView, TierView } from "~/features/loyalty/program.server";
import type { RedemptionView } from "~/features/loyalty/redemptions.server";
import type { Analytics, Overview } from "~/features/loyalty/reports.server";
import { useDisabledReason } from "~/features/team";
import type { Notice } from "~/features/loyalty/components/notices";
import { useChangeSearchParams } from "~/components/search-params";

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
  | { kind: "campaign"; editing: CampaignView | null }
  | { kind: "confirmCampaign"; campaign: CampaignView; action: "end" | "delete" }
  | { kind: "redeem" }
  | { kind: "adjust" }
  | { kind: "tier"; editing: TierView | null }
  | { kind: "deleteTier"; tier: TierView };

export function LoyaltyScreen({
  tab,
  embedded,
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
  /** Inside Shopify's admin (App Bridge's save bar); otherwise the demo. */
  embedded: boolean;
  currency: string;
  today: string;
  overview: Overview;
  settings: SettingsView;
  tiers: TierView[];
  campaigns: CampaignView[];
  /** The shop's collections, for the campaign's collection limit (decision 072). */
  collections: { id: string; title: string }[];
  analytics: Analytics | null;
  redemptions: RedemptionView[];
}) {
  const change = useChangeSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const selected = Math.max(
    0,
    LOYALTY_TABS.findIndex((t) => t.id === tab),
  );
  const close = () => setDialog(null);
  const refused = useDisabledReason("write", "change the loyalty program");
  return (
    <AdminPage
      title="Loyalty"
      subtitle={overview.programName}
      primaryAction={{
        content: "New Campaign",
        disabled: !!refused,
        helpText: refused,
        onAction: () => setDialog({ kind: "campaign", editing: null }),
      }}
      secondaryActions={[
        {
          content: "Settings",
          disabled: !!refused,
          helpText: refused,
          onAction: () => setDialog({ kind: "settings" }),
        },
      ]}
    >
      <BlockStack gap="400">
        <Tabs
          tabs={LOYALTY_TABS.map((t) => ({ ...t, panelID: `${t.id}-panel` }))}
          selected={selected}
          onSelect={(i) => change({ tab: LOYALTY_TABS[i].id })}
        />
        <div id={`${LOYALTY_TABS[selected].id}-panel`}>
          {tab === "overview" && (
            <OverviewTab
              overview={overview}
              tiers={tiers}
              currency={currency}
              accountingHref="/loyalty/accounting.csv"
              redemptions={redemptions}
              embedded={embedded}
              onDone={setNotice}
              onRedeem={() => setDialog({ kind: "redeem" })}
              onAdjust={() => setDialog({ kind: "adjust" })}
            />
          )}
          {tab === "tiers" && (
            <TiersTab
              tiers={tiers}
              untieredMembers={overview.untieredMembers}
              totalMembers={overview.totalMembers}
              currency={currency}
              onAdd={() => setDialog({ kind: "tier", editing: null })}
              onEdit={(t) => setDialog({ kind: "tier", editing: t })}
              onDelete={(t) => setDialog({ kind: "deleteTier", tier: t })}
            />
          )}
          {tab === "campaigns" && (
            <CampaignsTab
              campaigns={campaigns}
              onNew={() => setDialog({ kind: "campaign", editing: null })}
              onEdit={(c) => setDialog({ kind: "campaign", editing: c })}
              onConfirm={(campaign, action) => setDialog({ kind: "confirmCampaign", campaign, action })}
              onDone={setNotice}
            />
          )}
          {tab === "analytics" && analytics && <AnalyticsTab analytics={analytics} tiers={tiers} currency={currency} />}
        </div>
      </BlockStack>
      {dialog?.kind === "settings" && <SettingsDialog initial={settings} onClose={close} onDone={setNotice} />}
      {dialog?.kind === "redeem" && <RedeemDialog onClose={close} onDone={setNotice} />}
      {dialog?.kind === "adjust" && <AdjustDialog onClose={close} onDone={setNotice} />}
      {dialog?.kind === "campaign" && (
        <CampaignDialog
          editing={dialog.editing}
          tiers={tiers}
          collections={collections}
          today={today}
          onClose={close}
          onDone={setNotice}
        />
      )}
      {dialog?.kind === "confirmCampaign" && (
        <CampaignConfirmDialog campaign={dialog.campaign} action={dialog.action} onClose={close} onDone={setNotice} />
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
