// GET, PUT and DELETE /api/stores/{storeId}/operating-expenses/{expenseId} (docs/product/api.md):
// one operating expense, changed or removed; the figures refresh with the data version.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "~/platform/http.server";
import {
  deleteOperatingExpense,
  expenseDto,
  getOperatingExpense,
  updateOperatingExpense,
} from "~/features/profit/index.server";
import { operatingExpenseSchema } from "~/features/profit";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

const ALLOW: ("GET" | "PUT" | "DELETE")[] = ["GET", "PUT", "DELETE"];

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, params }) =>
    json(await getOperatingExpense(ctx.shop, params.expenseId), { headers: { "Cache-Control": "private, no-store" } }),
});

const put = storeApi({
  permission: permissions.action,
  methods: ["PUT"],
  allow: ALLOW,
  body: operatingExpenseSchema,
  handle: async ({ ctx, params, body }) =>
    json(expenseDto(ctx.shop, await updateOperatingExpense(ctx.shop, params.expenseId, body))),
});

const remove = storeApi({
  permission: permissions.action,
  methods: ["DELETE"],
  allow: ALLOW,
  handle: async ({ ctx, params }) => {
    await deleteOperatingExpense(ctx.shop, params.expenseId);
    return new Response(null, { status: 204 });
  },
});

export const action = (args: ActionFunctionArgs) => (args.request.method === "DELETE" ? remove(args) : put(args));
