// POST /api/stores/{storeId}/invoices/{invoiceId}/send: draft → sent, with the e-mail.
// Idempotency-Key: a retried request answers 200 again and sends nothing new; any
// other send of an invoice that is not a draft is a 409.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, methodNotAllowed, publicOrigin } from "~/platform/http.server";
import { invoiceDto, sendInvoice } from "~/features/invoices/index.server";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";
import { idempotencyKeyOf, invoiceErrorResponse } from "~/features/invoices/index.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const base = publicOrigin(request);
    const { invoice } = await sendInvoice(ctx.shop, params.invoiceId ?? "", { actor: "merchant", idempotencyKey: idempotencyKeyOf(request), baseUrl: base });
    return json(invoiceDto(invoice, base));
  } catch (error) {
    return invoiceErrorResponse(error);
  }
}
