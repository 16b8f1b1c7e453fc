// POST /api/stores/{storeId}/invoices/{invoiceId}/void: sent or overdue → void (the number is kept).
import { methodNotAllowed } from "../lib/http.server";
import { voidInvoice } from "../models/invoices.server";
import { invoiceTransitionAction } from "../services/invoice-api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = invoiceTransitionAction(voidInvoice);
