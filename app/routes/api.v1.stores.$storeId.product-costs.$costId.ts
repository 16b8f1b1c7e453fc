// POST /api/v1/stores/{storeId}/product-costs/{costId} (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, updateProductCostV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.updateProductCost, updateProductCostV1);
export const action = loader;
