// POST /api/stores/{storeId}/invoices/smart: create a smart invoice (docs/product/invoices.md#creating-an-invoice).
// An Idempotency-Key header makes a retried request return the invoice it created; the
// same key with a different request answers 422.
import { json, methodNotAllowed, publicOrigin } from "~/platform/http.server";
import { createInvoice, idempotencyKeyOf, invoiceDto } from "~/features/invoices/index.server";
import { invoiceCreateSchema } from "~/features/invoices";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = storeApi({
  permission: permissions.action,
  body: invoiceCreateSchema,
  handle: async ({ ctx, request, body }) => {
    const { invoice, replayed } = await createInvoice(ctx.shop, body, {
      actor: "api",
      idempotencyKey: idempotencyKeyOf(request),
    });
    return json(invoiceDto(invoice, publicOrigin(request)), { status: replayed ? 200 : 201 });
  },
});
