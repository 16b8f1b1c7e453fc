export { exportRequestSchema, newsletterSchema } from "./schema";
export { CUSTOMER_PERSONAL_DATA_CLEARED, ORDER_PERSONAL_DATA_CLEARED } from "./personal-data";
export {
  privacyActionSchema,
  requestActionSchema,
  manualRequestSchema,
  privacySettingsSchema,
  reportPeriodSchema,
} from "./schema";
export type { PrivacyAction, RequestAction, PrivacySettingsInput } from "./schema";
export { PRIVACY_TABS, TAB_LABELS, type PrivacyActionResult, type PrivacyTab } from "./tabs";
export { PrivacyScreen } from "./components/PrivacyScreen";
export { PrivacyComplianceCard } from "./components/PrivacyComplianceCard";
export { deadlineOf, isOverdue, REGULATIONS, REQUEST_TYPES } from "./deadline";
export { complianceItems, complianceScore, NOT_LEGAL_ADVICE } from "./compliance";
