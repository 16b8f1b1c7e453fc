// GET and POST /api/v1/stores/{storeId}/product-costs (docs/product/public-api.md): list and create, authenticated by API key.
import { createProductCostV1, ENDPOINTS, productCostsV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.productCosts, productCostsV1);
export const action = v1Api(ENDPOINTS.createProductCost, createProductCostV1);
