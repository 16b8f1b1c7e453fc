// GET /costs/orders.csv?<the view's filters>: the Orders profit view as CSV, every matching
// order (not only the page), newest first, cells guarded against formulas; 400 for a bad filter.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest } from "~/platform/http.server";
import { orderProfitExport, todayFor } from "~/features/profit/index.server";
import { parseOrdersQuery } from "~/features/profit";
import { recordAudit } from "~/features/audit/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

// Figures without customers' personal data: anyone who may read the figures.
export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.loader);
  const { shop } = ctx;
  const parsed = parseOrdersQuery(new URL(request.url).searchParams, todayFor(shop));
  if (!parsed.ok) return badRequest(parsed.errors);
  const { from, to } = parsed.query;
  await recordAudit(ctx, "exports.order_profit", "Order", null, null, { from, to });
  return orderProfitExport(shop, parsed.query, "csv");
}
