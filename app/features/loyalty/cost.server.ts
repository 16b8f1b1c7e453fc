// What the program costs each day, for the one profit formula (docs/decisions/058): the value
// of points redeemed that day (net of codes given back), each day at its points value, less
// the value of reward codes that orders of that day used, whose discount is already in those
// orders' Discounts. Over time each code counts once. The profit feature stores the figure
// per day in its daily rollup (setLoyaltyCostDay), so the dashboard, the P&L, Analytics, the
// exports and the API all read the same number.
import { prisma, type DbClient } from "~/db.server";
import { dayInZone, type DayRange } from "~/lib/dates";
import { setLoyaltyCostDay } from "~/features/profit/index.server";
import { pointsToMinor } from "~/features/loyalty/ledger";

type ShopRef = { id: string; timezone: string };

type Version = { centiMinor: number; effectiveFrom: Date };

function valueVersions(db: DbClient, shopId: string): Promise<Version[]> {
  return db.loyaltyPointValue.findMany({
    where: { shopId },
    orderBy: [{ effectiveFrom: "asc" }, { createdAt: "asc" }],
    select: { centiMinor: true, effectiveFrom: true },
  });
}

/** The points value in force at the end of a day (UTC; a change during the day applies to it). */
export function valueAtEndOf(versions: readonly Version[], day: string): number {
  const end = new Date(`${day}T23:59:59.999Z`).getTime();
  let value = 0;
  for (const v of versions) if (v.effectiveFrom.getTime() <= end) value = v.centiMinor;
  return value;
}

type DayFilter = { gte: string; lte: string } | { in: string[] };

/** The loyalty cost of each day matched by `days` that has any; days without are absent. */
async function costsOf(db: DbClient, shopId: string, days: DayFilter): Promise<Map<string, number>> {
  const [sums, used, versions] = await Promise.all([
    db.loyaltyDay.groupBy({
      by: ["day"],
      where: { shopId, kind: { in: ["redeem", "reimburse"] }, day: days },
      _sum: { points: true },
    }),
    db.loyaltyRedemption.groupBy({
      by: ["usedDay"],
      where: { shopId, status: "used", usedDay: days },
      _sum: { valueMinor: true },
    }),
    valueVersions(db, shopId),
  ]);
  const out = new Map<string, number>();
  for (const s of sums) out.set(s.day, pointsToMinor(-(s._sum.points ?? 0), valueAtEndOf(versions, s.day)));
  for (const u of used) if (u.usedDay) out.set(u.usedDay, (out.get(u.usedDay) ?? 0) - (u._sum.valueMinor ?? 0));
  return out;
}

/** The value redeemed (less reimbursed) over a range, each day at its points value. */
export async function redeemedValue(shopId: string, range: DayRange): Promise<number> {
  const sums = await prisma.loyaltyDay.groupBy({
    by: ["day"],
    where: { shopId, kind: { in: ["redeem", "reimburse"] }, day: { gte: range.from, lte: range.to } },
    _sum: { points: true },
  });
  const versions = await valueVersions(prisma, shopId);
  return sums.reduce((t, s) => t + pointsToMinor(-(s._sum.points ?? 0), valueAtEndOf(versions, s.day)), 0);
}

/** The P&L's "Loyalty rewards" for a range: the sum of its days' loyalty cost. */
export async function loyaltyCost(shopId: string, range: DayRange): Promise<number> {
  const costs = await costsOf(prisma, shopId, { gte: range.from, lte: range.to });
  return [...costs.values()].reduce((a, b) => a + b, 0);
}

/**
 * Recomputes the given days' loyalty cost and hands it to the profit rollup, in the caller's
 * transaction: called by everything that changes a day's redemptions, codes used or value.
 */
export async function syncLoyaltyCost(db: DbClient, shopId: string, days: readonly string[]): Promise<void> {
  const unique = [...new Set(days)];
  if (unique.length === 0) return;
  const costs = await costsOf(db, shopId, { in: unique });
  for (const d of unique) await setLoyaltyCostDay(db, shopId, d, costs.get(d) ?? 0);
}

/**
 * Rebuilds every day's loyalty cost from the ledger and the redemptions (the backfill's repair):
 * a used code without its day takes its order's day (or the day it was used); stale days are zeroed.
 */
export async function rebuildLoyaltyCost(shop: ShopRef): Promise<number> {
  const shopId = shop.id;
  const missing = await prisma.loyaltyRedemption.findMany({
    where: { shopId, status: "used", usedDay: null },
    select: { id: true, usedAt: true, usedOrderId: true },
  });
  const orderDays = new Map(
    (
      await prisma.order.findMany({
        where: { shopId, id: { in: missing.flatMap((m) => (m.usedOrderId ? [m.usedOrderId] : [])) } },
        select: { id: true, day: true },
      })
    ).map((o) => [o.id, o.day]),
  );
  for (const m of missing) {
    const usedDay =
      (m.usedOrderId && orderDays.get(m.usedOrderId)) || (m.usedAt ? dayInZone(m.usedAt, shop.timezone) : null);
    if (usedDay) await prisma.loyaltyRedemption.update({ where: { id: m.id }, data: { usedDay } });
  }
  const costs = await costsOf(prisma, shopId, { gte: "0000-00-00", lte: "9999-99-99" });
  const stale = await prisma.dailyRollup.findMany({
    where: { shopId, loyaltyCostMinor: { not: 0 } },
    select: { day: true },
  });
  const days = [...new Set([...costs.keys(), ...stale.map((s) => s.day)])];
  await prisma.$transaction(async (tx) => {
    for (const d of days) await setLoyaltyCostDay(tx, shopId, d, costs.get(d) ?? 0);
  });
  return days.length;
}
