// GET /api/v1/stores/{storeId}/inventory (docs/product/public-api.md): a v1 endpoint, authenticated by API key.
import { ENDPOINTS, inventoryV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.inventory, inventoryV1);
export const action = loader;
