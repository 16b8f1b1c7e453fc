// POST /api/stores/{storeId}/invoices/{invoiceId}/mark-paid: sent or overdue → paid.
import { methodNotAllowed } from "~/platform/http.server";
import type { RoutePermissions } from "~/features/team";
import { markInvoicePaid } from "~/features/invoices/index.server";
import { invoiceTransitionAction } from "~/features/invoices/index.server";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = invoiceTransitionAction(markInvoicePaid);
