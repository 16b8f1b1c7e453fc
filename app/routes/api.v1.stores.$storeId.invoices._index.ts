// GET /api/v1/stores/{storeId}/invoices (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, invoicesV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.invoices, invoicesV1);
export const action = loader;
