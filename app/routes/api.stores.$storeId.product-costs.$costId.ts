// GET, PUT and DELETE /api/stores/{storeId}/product-costs/{costId} (docs/product/api.md):
// one product cost, changed or removed; COGS is re-costed from its effective date.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "~/platform/http.server";
import { deleteProductCost, getProductCost, productCostDto, updateProductCost } from "~/features/profit/index.server";
import { productCostSchema } from "~/features/profit";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

const ALLOW: ("GET" | "PUT" | "DELETE")[] = ["GET", "PUT", "DELETE"];

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, params }) =>
    json(await getProductCost(ctx.shop, params.costId), { headers: { "Cache-Control": "private, no-store" } }),
});

const put = storeApi({
  permission: permissions.action,
  methods: ["PUT"],
  allow: ALLOW,
  body: productCostSchema,
  handle: async ({ ctx, params, body }) =>
    json(productCostDto(ctx.shop, await updateProductCost(ctx.shop, params.costId, body))),
});

const remove = storeApi({
  permission: permissions.action,
  methods: ["DELETE"],
  allow: ALLOW,
  handle: async ({ ctx, params }) => {
    await deleteProductCost(ctx.shop, params.costId);
    return new Response(null, { status: 204 });
  },
});

export const action = (args: ActionFunctionArgs) => (args.request.method === "DELETE" ? remove(args) : put(args));
