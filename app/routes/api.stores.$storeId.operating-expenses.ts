// GET and POST /api/stores/{storeId}/operating-expenses (docs/product/api.md).
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { addOperatingExpense, expenseDto, listOperatingExpenses } from "~/features/profit/index.server";
import { operatingExpenseSchema } from "~/features/profit";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx }) =>
    json(await listOperatingExpenses(ctx.shop), { headers: cacheFor(FRESHNESS.operatingExpenses) }),
});

export const action = storeApi({
  permission: permissions.action,
  allow: ["GET", "POST"],
  body: operatingExpenseSchema,
  handle: async ({ ctx, body }) =>
    json(expenseDto(ctx.shop, await addOperatingExpense(ctx.shop, body)), { status: 201 }),
});
