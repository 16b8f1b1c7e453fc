// What the invoice routes share: error answers (docs/product/api.md#errors: the client
// shows "<status>: <body>"), the Idempotency-Key header, and the action of the plain
// status-transition endpoints.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, publicOrigin } from "~/platform/http.server";
import { InvoiceError, invoiceDto, type markInvoicePaid } from "~/features/invoices/invoices.server";
import { storeApi } from "~/features/shop/index.server";

/** An InvoiceError as JSON with its status; anything else is rethrown (500 without a stack). */
export function invoiceErrorResponse(error: unknown): Response {
  if (error instanceof InvoiceError) return json(error.responseBody(), { status: error.status });
  throw error;
}

export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("Idempotency-Key")?.trim();
  return key && key.length <= 200 ? key : null;
}

type Transition = (
  shop: { id: string },
  invoiceId: string,
  options: { actor: "merchant" },
) => ReturnType<typeof markInvoicePaid>;

/** POST /api/stores/{storeId}/invoices/{invoiceId}/<transition>: the merchant moves their invoice on; 409 when illegal. */
export function invoiceTransitionAction(transition: Transition): (args: ActionFunctionArgs) => Promise<Response> {
  return storeApi({
    permission: "write",
    methods: ["POST"],
    handle: async ({ ctx, request, params }) =>
      json(invoiceDto(await transition(ctx.shop, params.invoiceId, { actor: "merchant" }), publicOrigin(request))),
  });
}
