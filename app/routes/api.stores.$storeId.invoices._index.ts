// GET /api/stores/{storeId}/invoices[?status=all|draft|sent|paid] (docs/product/api.md).
import { json, publicOrigin } from "~/platform/http.server";
import { invoiceDto, LIST_FILTERS, listInvoices, type ListFilter } from "~/features/invoices/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, request }) => {
    const status = new URL(request.url).searchParams.get("status") ?? "all";
    if (!(LIST_FILTERS as readonly string[]).includes(status))
      return json(
        { error: `status must be one of ${LIST_FILTERS.join(", ")}`, fieldErrors: { status: ["Unknown filter"] } },
        { status: 400 },
      );
    const rows = await listInvoices(ctx.shop, status as ListFilter);
    const base = publicOrigin(request);
    // Invoices change with every action; never served from a cache.
    return json(
      rows.map((r) => invoiceDto(r, base)),
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});
