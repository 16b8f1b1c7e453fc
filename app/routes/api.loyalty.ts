// GET /api/loyalty: the authenticated shop's loyalty metrics (admin-and-public.md §3 "Loyalty
// metrics") computed from the points ledger, with the liability; 5-minute freshness.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { minorToDecimalString } from "~/lib/money";
import { getOverview } from "~/features/loyalty/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

const percent = (fraction: number | null) => (fraction === null ? null : (fraction * 100).toFixed(1));

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const o = await getOverview(shop);
  return json(
    {
      storeId: shop.id,
      currency: shop.currency,
      programName: o.programName,
      health: o.health,
      totalMembers: o.totalMembers,
      activeMembers: o.activeMembers,
      retentionRate: percent(o.retentionRate),
      repeatRate: percent(o.repeatRate),
      redemptionRate: percent(o.redemptionRate),
      pointsEarned: o.pointsEarned,
      pointsRedeemed: o.pointsRedeemed,
      outstandingPoints: o.outstandingPoints,
      avgPointsPerCustomer: o.avgPointsPerCustomer,
      liability: {
        faceValue: minorToDecimalString(o.liability.faceMinor, shop.currency),
        // The rate the amount uses, and where it comes from (the store's 12-month observed
        // rate, the merchant's override, or the default with too little history).
        expectedRedemptionRate: percent(o.liability.redemption.used),
        redemptionRateSource: o.liability.redemption.source,
        observedRedemptionRate: percent(o.liability.redemption.rate),
        breakage: percent(o.liability.breakage),
        amount: minorToDecimalString(o.liability.liabilityMinor, shop.currency),
        amountMinor: o.liability.liabilityMinor,
      },
    },
    { headers: cacheFor(FRESHNESS.loyalty) },
  );
}
