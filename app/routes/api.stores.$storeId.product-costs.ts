// GET and POST /api/stores/{storeId}/product-costs (docs/product/api.md).
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { addProductCost, listProductCosts, productCostDto } from "~/features/profit/index.server";
import { productCostSchema } from "~/features/profit";
import { storeApi } from "~/features/shop/index.server";

export const loader = storeApi({
  handle: async ({ ctx }) => json(await listProductCosts(ctx.shop), { headers: cacheFor(FRESHNESS.productCosts) }),
});

export const action = storeApi({
  allow: ["GET", "POST"],
  body: productCostSchema,
  handle: async ({ ctx, body }) =>
    json(productCostDto(ctx.shop, await addProductCost(ctx.shop, body)), { status: 201 }),
});
