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
export { planAction, planView, type PlanActionResult } from "./plan-action.server";
export { subscriptionWebhookSchema } from "./webhook-schemas";
// The price list for server code, so it need not import the browser surface (and its components).
export { planFor } from "./plans";
