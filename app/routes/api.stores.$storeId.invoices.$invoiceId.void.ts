// POST /api/stores/{storeId}/invoices/{invoiceId}/void: sent or overdue → void (the number is kept).
import { methodNotAllowed } from "~/platform/http.server";
import type { RoutePermissions } from "~/features/team";
import { voidInvoice } from "~/features/invoices/index.server";
import { invoiceTransitionAction } from "~/features/invoices/index.server";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export const action = invoiceTransitionAction(voidInvoice);
