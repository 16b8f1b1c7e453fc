// GET and POST /api/v1/stores/{storeId}/invoices (docs/product/public-api.md): list and create, authenticated by API key.
import { createInvoiceV1, ENDPOINTS, invoicesV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.invoices, invoicesV1);
export const action = v1Api(ENDPOINTS.createInvoice, createInvoiceV1);
