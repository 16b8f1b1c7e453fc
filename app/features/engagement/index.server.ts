// Customer engagement campaigns: the server surface for routes, jobs and the dashboard.
export {
  CampaignError,
  campaignForm,
  changeStatus,
  createCampaign,
  deleteDraft,
  getCampaign,
  updateCampaign,
} from "./campaigns.server";
export { campaignFigures, engagementSummary, recipientErrors, type CampaignFigures } from "./metrics.server";
export { ENGAGEMENT_JOBS, registerEngagementJobs, requestShopRun } from "./jobs.server";
export { composeMessage, composeSms, deliverDue, measureConversions, planCampaign, runShop } from "./send.server";
export { previewMessage } from "./preview.server";
export { CONSENT_UPDATE, recordClick, recordOpen, unsubscribe, unsubscribeTarget } from "./tracking.server";
export { campaignAction, type ActionAnswer } from "./actions.server";
export { checkoutEffect, checkoutFromRest, recordCheckout, type CheckoutRecord } from "./checkouts.server";
export { checkoutWebhookSchema } from "./checkout-schema";
export { connectTwilio, disconnectTwilio, smsConnected, smsStatus } from "./sms.server";
export { twilioRuntime, type TwilioRuntime } from "./twilio.server";
export { recordSmsStatus, twilioSignature } from "./sms-status.server";
