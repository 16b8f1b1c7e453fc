// GET /costs/products.csv?<the report's options>: the Products profit report as CSV, every row,
// cells guarded against formulas; 400 for a bad option.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest } from "~/platform/http.server";
import { productProfitExport, todayFor } from "~/features/profit/index.server";
import { parseProductsQuery } from "~/features/profit";
import { recordAudit } from "~/features/audit/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.loader);
  const { shop } = ctx;
  const parsed = parseProductsQuery(new URL(request.url).searchParams, todayFor(shop));
  if (!parsed.ok) return badRequest(parsed.errors);
  const { from, to } = parsed.query;
  await recordAudit(ctx, "exports.product_profit", "OrderLine", null, null, { from, to });
  return productProfitExport(shop, parsed.query, "csv");
}
