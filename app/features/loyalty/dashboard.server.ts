// The dashboard's loyalty card: the program's figures from the ledger (through the per-day
// rollup and the member cache that always equal it), for the dashboard's period. Null when
// the program has no members, so the dashboard shows nothing for a shop without one.
import { prisma } from "~/db.server";
import { dayInZone, periodsEndingOn, type DayRange } from "~/lib/dates";
import { liability } from "~/features/loyalty/ledger";
import { pointValueAt, type ShopRef } from "~/features/loyalty/ledger.server";
import { ACTIVE_DAYS } from "~/features/loyalty/reports.server";
import { loyaltyCost, redeemedValue } from "~/features/loyalty/cost.server";
import { memberCounts } from "~/features/loyalty/member-counts.server";
import type { RedemptionBasis } from "~/features/loyalty/redemption-rate";
import { redemptionBasisFor } from "~/features/loyalty/redemption-rate.server";

export type DashboardLoyalty = {
  range: DayRange;
  currency: string;
  members: number;
  /** Members with any ledger entry in the last ACTIVE_DAYS days. */
  activeMembers: number;
  activeDays: number;
  outstandingPoints: number;
  /** Outstanding points × today's points value × the redemption rate in use (redemption-rate.ts). */
  liabilityMinor: number;
  redemptionRate: number;
  redemptionSource: RedemptionBasis["source"];
  /** Points redeemed in the period, less codes given back, at each day's points value. */
  redeemedMinor: number;
  /** Of that, net of codes orders spent: the P&L's "Loyalty rewards". */
  rewardsCostMinor: number;
};

export async function dashboardLoyalty(
  shop: ShopRef,
  days: number,
  now = new Date(),
): Promise<DashboardLoyalty | null> {
  const program = await prisma.loyaltyProgram.findUnique({
    where: { shopId: shop.id },
    select: { redemptionRateOverride: true },
  });
  if (!program) return null;
  const { members, active } = await memberCounts(shop, new Date(now.getTime() - ACTIVE_DAYS * 86_400_000));
  if (members === 0) return null;
  const range = periodsEndingOn(dayInZone(now, shop.timezone), days).current;
  const [outstanding, value, redeemedMinor, rewardsCostMinor, redemption] = await Promise.all([
    prisma.loyaltyDay.aggregate({ where: { shopId: shop.id }, _sum: { points: true } }),
    pointValueAt(prisma, shop.id, now),
    redeemedValue(shop.id, range),
    loyaltyCost(shop.id, range),
    redemptionBasisFor(shop, program.redemptionRateOverride, now),
  ]);
  const outstandingPoints = outstanding._sum.points ?? 0;
  return {
    range,
    currency: shop.currency,
    members,
    activeMembers: active,
    activeDays: ACTIVE_DAYS,
    outstandingPoints,
    liabilityMinor: liability(outstandingPoints, value, redemption.used).liabilityMinor,
    redemptionRate: redemption.used,
    redemptionSource: redemption.source,
    redeemedMinor,
    rewardsCostMinor,
  };
}
