// GET /api/stores/{storeId}/profit/metrics → { netProfit, profitMargin, totalCosts } (docs/product/api.md); each
// figure is the metrics registry's (app/features/analytics/metrics.ts, shown at /analytics/glossary).
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { currencyDigits } from "~/lib/money";
import { getProfitComparison, missingCosts, parseTimeframe } from "~/features/profit/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, request }) => {
    const { shop } = ctx;
    const days = parseTimeframe(new URL(request.url).searchParams.get("days"));
    const { current, range } = await getProfitComparison(shop, days);
    const missing = await missingCosts(shop.id, range);
    const unit = 10 ** currencyDigits(shop.currency);
    return json(
      {
        storeId: shop.id,
        period: range,
        currency: shop.currency,
        netProfit: current.netProfitMinor / unit,
        profitMargin: current.profitMargin === null ? 0 : Math.round(current.profitMargin * 1000) / 10,
        totalCosts: current.totalCostsMinor / unit,
        netProfitMinor: current.netProfitMinor,
        totalCostsMinor: current.totalCostsMinor,
        variantsSold: missing.sold,
        variantsWithoutCost: missing.variants.length,
      },
      { headers: cacheFor(FRESHNESS.profitMetrics) },
    );
  },
});
