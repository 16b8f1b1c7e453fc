// What the invoice routes share: error answers (docs/product/api.md#errors: the client
// shows "<status>: <body>"), the Idempotency-Key header, and the action of the plain
// status-transition endpoints.
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { json, publicOrigin } from "~/platform/http.server";
import { InvoiceError, invoiceDto } from "~/features/invoices/invoices.server";
import { type markInvoicePaid } from "~/features/invoices/transitions.server";
import { storeApi } from "~/features/shop/index.server";
import { recordAudit } from "~/features/audit/index.server";

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
export function invoiceTransitionAction(
  transition: Transition,
  name: "mark_paid" | "void",
): (args: ActionFunctionArgs) => Promise<Response> {
  return storeApi({
    permission: "write",
    methods: ["POST"],
    handle: async ({ ctx, request, params }) => {
      const before = await prisma.invoice.findFirst({
        where: { id: params.invoiceId, shopId: ctx.shop.id },
        select: { number: true, status: true },
      });
      const after = await transition(ctx.shop, params.invoiceId, { actor: "merchant" });
      await recordAudit(ctx, `invoices.${name}`, "Invoice", after.id, before, {
        number: after.number,
        status: after.status,
      });
      return json(invoiceDto(after, publicOrigin(request)));
    },
  });
}
