export { LoyaltyScreen } from "./components/LoyaltyScreen";
export { NOTICES, movesSentence, type LoyaltyActionResult, type Notice } from "./components/notices";
export {
  adjustSchema,
  apiCampaignSchema,
  campaignSchema,
  redeemSchema,
  redemptionRateSchema,
  settingsSchema,
  tierSchema,
} from "./schema";
export { LoyaltyDashboardCard, type LoyaltyCardData } from "./components/LoyaltyDashboardCard";
export { MemberCard } from "./components/MemberCard";
