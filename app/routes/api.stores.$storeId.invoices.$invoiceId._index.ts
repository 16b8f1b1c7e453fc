// GET /api/stores/{storeId}/invoices/{invoiceId}: one invoice with its timeline and series.
// DELETE: deletes a draft (204); 409 once it was sent, 404 for another shop's invoice.
import { json, publicOrigin } from "~/platform/http.server";
import { deleteDraftInvoice, invoiceDetail } from "~/features/invoices/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  allow: ["GET", "DELETE"],
  handle: async ({ ctx, request, params }) =>
    json(await invoiceDetail(ctx.shop, params.invoiceId, publicOrigin(request)), {
      headers: { "Cache-Control": "private, no-store" },
    }),
});

export const action = storeApi({
  permission: permissions.action,
  methods: ["DELETE"],
  allow: ["GET", "DELETE"],
  handle: async ({ ctx, params }) => {
    await deleteDraftInvoice(ctx.shop, params.invoiceId);
    return new Response(null, { status: 204 });
  },
});
