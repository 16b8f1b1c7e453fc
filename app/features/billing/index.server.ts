export { BILLING_CONFIG } from "./billing-config.server";
export {
  applySubscription,
  cancelSubscription,
  confirmSubscription,
  getBillingState,
  requestUpgrade,
  subscriptionFromWebhook,
  switchPlanLocally,
} from "./billing.server";
export type { BillingApi } from "./billing.server";
export { subscriptionWebhookSchema } from "./webhook-schemas";
