export { ImportStatusCard } from "./ImportStatusCard";
export { importActionSchema } from "./import-schema";
export { StoreDataSettings } from "./components/StoreDataSettings";
export {
  customerWebhookSchema,
  customerDeletedWebhookSchema,
  inventoryItemWebhookSchema,
  inventoryLevelWebhookSchema,
  orderWebhookSchema,
  productDeletedWebhookSchema,
  productWebhookSchema,
  refundWebhookSchema,
} from "./webhook-schemas";
