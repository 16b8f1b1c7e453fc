// GET and POST /api/stores/{storeId}/product-costs (docs/product/api.md).
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { addProductCost, listProductCosts, productCostDto } from "~/features/profit/index.server";
import { productCostSchema } from "~/features/profit";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx }) => json(await listProductCosts(ctx.shop), { headers: cacheFor(FRESHNESS.productCosts) }),
});

export const action = storeApi({
  permission: permissions.action,
  allow: ["GET", "POST"],
  body: productCostSchema,
  handle: async ({ ctx, body }) =>
    json(productCostDto(ctx.shop, await addProductCost(ctx.shop, body)), { status: 201 }),
});
