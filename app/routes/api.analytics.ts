// GET /api/analytics → a list whose first item is the shop's headline figures (docs/product/api.md),
// with every registry figure (analytics/metrics.ts) for `timeframe` 7d, 30d (default), 90d or 1y and
// `comparison` previous (default) or yearAgo. The older `days` (30, 90, 365) still chooses the period
// when no timeframe is given. Unknown values answer 400 with the allowed ones.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { minorToDecimalString } from "~/lib/money";
import { parseTimeframe } from "~/lib/timeframe";
import { apiFigures, parseAnalyticsQuery, type TimeframeKey } from "~/features/analytics";
import { getAnalyticsCached } from "~/features/analytics/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

const FROM_DAYS: Record<number, TimeframeKey> = { 30: "30d", 90: "90d", 365: "1y" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  if (!params.has("timeframe") && params.has("days"))
    params.set("timeframe", FROM_DAYS[parseTimeframe(params.get("days"))]);
  const query = parseAnalyticsQuery(params);
  if (!query.ok) return badRequest(query.errors, "Unknown timeframe or comparison.");
  const a = await getAnalyticsCached(shop, query.timeframe, query.comparison);
  const v = a.figures.values;
  return json(
    [
      {
        storeId: shop.id,
        period: a.range,
        comparisonPeriod: a.comparisonRange,
        timeframe: a.timeframe,
        comparison: a.comparison,
        comparable: a.comparable,
        currency: shop.currency,
        revenue: minorToDecimalString(v.revenue ?? 0, shop.currency),
        orders: v.orders,
        conversionRate: v.conversionRate === null ? "0.00" : (v.conversionRate * 100).toFixed(2),
        avgOrderValue: minorToDecimalString(v.averageOrderValue ?? 0, shop.currency),
        metrics: apiFigures(v, a.figures.previous, a.figures.change, shop.currency),
      },
    ],
    { headers: cacheFor(FRESHNESS.analytics) },
  );
}
