// GET /api/v1/stores/{storeId}/insights (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, insightsV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.insights, insightsV1);
export const action = loader;
