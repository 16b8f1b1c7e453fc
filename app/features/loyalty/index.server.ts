export { ensureProgram, postOrder, postShopifyOrder, refreshMember } from "./ledger.server";
export { backfillLedger, rebuildMembers } from "./backfill.server";
export {
  LoyaltyNotFound,
  changeTier,
  createCampaign,
  getSettings,
  listCampaigns,
  previewTierChange,
  saveSettings,
  tiersWithMembers,
  type CampaignView,
  type SettingsView,
  type TierChange,
  type TierView,
} from "./program.server";
export { accountingReport, getAnalytics, getOverview, redeemedValue, type Overview } from "./reports.server";
