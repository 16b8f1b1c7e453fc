export { getImportStatus } from "./import-status.server";
export {
  FEES_JOB,
  IMPORT_JOB,
  importAfterAuth,
  registerStoreSyncJobs,
  requestResync,
  retryImport,
} from "./jobs.server";
export type { AdminClientFactory } from "./jobs.server";
export { getStoreDataSummary } from "./store-data.server";
export {
  collectionDeleteEffect,
  collectionEffect,
  customerDeleteEffect,
  customerEffect,
  inventoryItemEffect,
  onCustomerChanged,
  onOrderChanged,
  inventoryLevelEffect,
  orderEffect,
  productDeleteEffect,
  productEffect,
  refundEffect,
  transactionEffect,
} from "./webhook-effects.server";
export type { CustomerChangedHook, OrderChangedHook } from "./webhook-effects.server";
export { listCollections } from "./collections.server";
export {
  collectionDeletedWebhookSchema,
  collectionWebhookSchema,
  customerWebhookSchema,
  customerDeletedWebhookSchema,
  inventoryItemWebhookSchema,
  inventoryLevelWebhookSchema,
  orderWebhookSchema,
  productDeletedWebhookSchema,
  productWebhookSchema,
  refundWebhookSchema,
  transactionWebhookSchema,
} from "./webhook-schemas";
export { readShopFees } from "./fee-reads.server";
export { gid } from "./normalize";
export { AdminApiError, adminOperation, assertNoUserErrors, type AdminGraphql } from "./admin-client.server";
export { shopifyCostsIntent } from "./cost-per-item.server";
export { onCheckoutImported, type CheckoutImportedHook, type ImportedCheckout } from "./checkouts-import.server";
export { DISCOUNT_CODE_BASIC_CREATE, type DiscountCodeBasicCreate } from "./discount-codes.server";
