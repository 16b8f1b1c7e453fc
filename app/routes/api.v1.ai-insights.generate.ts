// POST /api/v1/ai-insights/generate (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, generateInsightsV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.generateInsights, generateInsightsV1);
export const action = loader;
