// GET /api/stores/{storeId}/inventory (docs/product/api.md): the planning figures per variant
// with the /inventory screen's filters (q, category, status, alert, supplier, location,
// coverMin/coverMax, velocityMin/velocityMax, overstock, dead, sort, page, pageSize).
import { badRequest, json } from "~/platform/http.server";
import { fieldErrorsOf } from "~/lib/forms";
import { filtersFromSearch } from "~/features/inventory";
import { alertCards, inventoryPage } from "~/features/inventory/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

const MAX_PAGE_SIZE = 250;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, request }) => {
    const params = new URL(request.url).searchParams;
    const rawSize = params.get("pageSize");
    params.delete("pageSize");
    const pageSize = rawSize === null ? 50 : Number(rawSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
      return badRequest({ pageSize: [`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`] });
    const parsed = filtersFromSearch(params);
    if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
    const [page, cards] = await Promise.all([
      inventoryPage(ctx.shop, parsed.data, pageSize),
      alertCards(ctx.shop, parsed.data.location),
    ]);
    return json(
      {
        currency: ctx.shop.currency,
        page: page.page,
        pages: page.pages,
        total: page.total,
        alerts: cards,
        variants: page.rows,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});
