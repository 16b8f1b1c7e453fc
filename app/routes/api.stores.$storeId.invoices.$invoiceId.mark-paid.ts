// POST /api/stores/{storeId}/invoices/{invoiceId}/mark-paid: sent or overdue → paid.
import { methodNotAllowed } from "~/platform/http.server";
import { markInvoicePaid } from "~/features/invoices/index.server";
import { invoiceTransitionAction } from "~/features/invoices/index.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = invoiceTransitionAction(markInvoicePaid);
