// POST /api/stores/{storeId}/invoices/{invoiceId}/mark-paid: sent or overdue → paid.
import { methodNotAllowed } from "../lib/http.server";
import { markInvoicePaid } from "../models/invoices.server";
import { invoiceTransitionAction } from "../services/invoice-api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = invoiceTransitionAction(markInvoicePaid);
