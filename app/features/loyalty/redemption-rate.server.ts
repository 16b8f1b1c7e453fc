// The redemption basis of the liability for a shop: its ledger's day sums over the trailing
// window and its first day, through the pure rules in redemption-rate.ts.
import { prisma } from "~/db.server";
import type { ShopRef } from "~/features/loyalty/ledger.server";
import {
  observedRedemptionRate,
  redemptionBasis,
  redemptionWindowAt,
  type RedemptionBasis,
} from "~/features/loyalty/redemption-rate";

export async function redemptionBasisFor(
  shop: ShopRef,
  override: number | null,
  now = new Date(),
): Promise<RedemptionBasis> {
  const window = redemptionWindowAt(now, shop.timezone);
  // LoyaltyDay holds one row per store day and kind: at most 365 × 4 rows here.
  const [sums, first] = await Promise.all([
    prisma.loyaltyDay.findMany({
      where: {
        shopId: shop.id,
        day: { gte: window.from, lte: window.to },
        kind: { in: ["earn", "reverse", "redeem", "reimburse"] },
      },
      select: { day: true, kind: true, points: true },
    }),
    prisma.loyaltyDay.aggregate({ where: { shopId: shop.id }, _min: { day: true } }),
  ]);
  return redemptionBasis(observedRedemptionRate(sums, window, first._min.day ?? null), override);
}
