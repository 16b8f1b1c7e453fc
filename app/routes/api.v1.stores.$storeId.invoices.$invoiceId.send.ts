// POST /api/v1/stores/{storeId}/invoices/{invoiceId}/send (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, sendInvoiceV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.sendInvoice, sendInvoiceV1);
export const action = loader;
