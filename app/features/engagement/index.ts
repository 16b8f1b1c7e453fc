// Customer engagement campaigns: the browser-safe surface (schemas, labels, components).
export { AUDIENCES, AUDIENCE_LABEL, campaignSchema, type CampaignActionResult, type CampaignInput } from "./schema";
export { STATUSES, STATUS_LABEL, canTransition, statusOf, type CampaignStatus } from "./status";
export { MERGE_FIELDS, escapeHtml } from "./template";
export type { CampaignFigures, RecipientError, SmsStatus } from "./types";
export { CampaignList } from "./components/CampaignList";
export { CampaignForm, type CampaignValues } from "./components/CampaignForm";
export { CampaignMeasurement } from "./components/CampaignMeasurement";
export { EngagementCard } from "./components/EngagementCard";
export { smsActionSchema, twilioConnectSchema, SMS_OPT_OUT } from "./sms-schema";
export { TwilioSettings } from "./components/TwilioSettings";
export { RecipientErrors } from "./components/RecipientErrors";
