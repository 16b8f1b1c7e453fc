// GET /api/analytics → a list whose first item is the shop's headline figures (docs/product/api.md).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { minorToDecimalString } from "~/lib/money";
import { getProfitComparison, parseTimeframe } from "~/features/profit/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const days = parseTimeframe(new URL(request.url).searchParams.get("days"));
  const { current, range } = await getProfitComparison(shop, days);
  return json(
    [
      {
        storeId: shop.id,
        period: range,
        currency: shop.currency,
        revenue: minorToDecimalString(current.revenueMinor, shop.currency),
        orders: current.ordersCount,
        conversionRate: current.conversionRate === null ? "0.00" : (current.conversionRate * 100).toFixed(2),
        avgOrderValue: minorToDecimalString(current.averageOrderValueMinor ?? 0, shop.currency),
      },
    ],
    { headers: cacheFor(FRESHNESS.analytics) },
  );
}
