// POST /api/stores/{storeId}/invoices/{invoiceId}/void: sent or overdue → void (the number is kept).
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, methodNotAllowed } from "../lib/http.server";
import { invoiceDto, voidInvoice } from "../models/invoices.server";
import { assertOwnStore, requireAdmin } from "../services/admin-context.server";
import { baseUrlFor, invoiceErrorResponse } from "../services/invoice-api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    return json(invoiceDto(await voidInvoice(ctx.shop, params.invoiceId ?? "", { actor: "merchant" }), baseUrlFor(request)));
  } catch (error) {
    return invoiceErrorResponse(error);
  }
}
