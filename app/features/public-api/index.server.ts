export { ApiKeyRefusal, createApiKey, listApiKeys, revokeApiKey, rollApiKey, verifyApiKey } from "./keys.server";
export { countCall, pruneUsageWindows, registerPublicApiJobs, usage } from "./limits.server";
export { ApiError, V1_BODY_LIMIT, v1Api } from "./v1.server";
export { openApiDocument } from "./openapi.server";
export { analyticsV1, customersV1, generateInsightsV1, insightsV1, invoiceV1, invoicesV1 } from "./handlers.server";
export {
  createInvoiceV1,
  createLoyaltyCampaignV1,
  createOperatingExpenseV1,
  createProductCostV1,
  inventoryV1,
  loyaltyCampaignsV1,
  operatingExpensesV1,
  productCostsV1,
  sendInvoiceV1,
  updateProductCostV1,
} from "./resource-handlers.server";
export { ENDPOINTS, BASE_PATH, API_VERSION, type EndpointName } from "./schemas";
