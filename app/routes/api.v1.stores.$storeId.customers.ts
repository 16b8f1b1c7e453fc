// GET /api/v1/stores/{storeId}/customers (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, customersV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.customers, customersV1);
export const action = loader;
