// GET /api/v1/stores/{storeId}/analytics (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, analyticsV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.analytics, analyticsV1);
export const action = loader;
