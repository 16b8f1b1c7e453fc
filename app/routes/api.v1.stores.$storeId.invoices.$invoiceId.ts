// GET /api/v1/stores/{storeId}/invoices/{invoiceId} (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, invoiceV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.invoice, invoiceV1);
export const action = loader;
