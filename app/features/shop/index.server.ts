export {
  answeringRefusals,
  assertOwnStore,
  forbidden,
  requireAdmin,
  requireStaff,
  ShopifyNotConnected,
  type AdminContext,
} from "./admin-context.server";
export { VIEW_AS_COOKIE, viewAsCookie } from "./demo-identity.server";
export { storeApi } from "./store-api.server";
export { listNotificationsCached, registerNotificationJobs } from "./notifications.server";
export { hasValidOfflineSession, isShopDomain, offlineGrant } from "./session.server";
export {
  DEMO_SHOP_DOMAIN,
  eraseShop,
  getShopByDomain,
  markUninstalled,
  planLabel,
  syncShopFromAdmin,
  updateGrantedScopes,
} from "./shop.server";
export { appUninstalledWebhookSchema, scopesUpdateWebhookSchema } from "./webhook-schemas";
