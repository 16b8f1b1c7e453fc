export { ensureProgram } from "./ledger.server";
export { postOrders, postShopifyOrder, type PostingResult } from "./posting.server";
export { memberStanding, refreshMembers, type MemberStanding } from "./members.server";
export { backfillLedger, rebuildMembers } from "./backfill.server";
export {
  LoyaltyNotFound,
  applyDueTierChanges,
  changeTier,
  getSettings,
  previewTierChange,
  saveRedemptionRate,
  saveSettings,
  tiersWithMembers,
  type SettingsView,
  type TierChange,
  type TierView,
} from "./program.server";
export {
  CampaignConflict,
  changeCampaign,
  createApiCampaign,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  updateCampaign,
  type CampaignView,
} from "./campaigns.server";
export {
  accountingReport,
  getAnalytics,
  getOverview,
  storefrontPoints,
  type Overview,
  type StorefrontPoints,
} from "./reports.server";
export {
  CODE_VALID_DAYS,
  adjustPoints,
  customerByEmail,
  expireAndReimburse,
  listRedemptions,
  redeemPoints,
  redeemPointsInBatch,
  type RedemptionView,
} from "./redemptions.server";
export { registerLoyaltyJobs } from "./jobs.server";
export { loyaltyCost, rebuildLoyaltyCost, redeemedValue, syncLoyaltyCost } from "./cost.server";
export { dashboardLoyalty, type DashboardLoyalty } from "./dashboard.server";
export { memberCounts, type MemberCounts } from "./member-counts.server";
export { customersAtOrAbove, loyaltyToken, tierChoices, tokenSymbol, type LoyaltyToken } from "./token.server";
