// GET /api/stores/{storeId}/invoices/{invoiceId}: one invoice with its timeline and series.
import { json, publicOrigin } from "~/platform/http.server";
import { invoiceDetail } from "~/features/invoices/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, request, params }) =>
    json(await invoiceDetail(ctx.shop, params.invoiceId, publicOrigin(request)), {
      headers: { "Cache-Control": "private, no-store" },
    }),
});
