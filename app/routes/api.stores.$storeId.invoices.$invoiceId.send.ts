// POST /api/stores/{storeId}/invoices/{invoiceId}/send: draft → sent, with the e-mail.
// Idempotency-Key: a retried request answers 200 again and sends nothing new; any
// other send of an invoice that is not a draft is a 409.
import { json, methodNotAllowed, publicOrigin } from "~/platform/http.server";
import { idempotencyKeyOf, invoiceDto, sendInvoice } from "~/features/invoices/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = storeApi({
  permission: permissions.action,
  methods: ["POST"],
  handle: async ({ ctx, request, params }) => {
    const base = publicOrigin(request);
    const { invoice } = await sendInvoice(ctx.shop, params.invoiceId, {
      actor: "merchant",
      idempotencyKey: idempotencyKeyOf(request),
      baseUrl: base,
    });
    return json(invoiceDto(invoice, base));
  },
});
