// The planning figures the insight engine reads (app/features/insights): sellers that may run
// out and dead stock, with the unit cost the cash tied up is valued at. One query on the plan.
import { prisma } from "~/db.server";

export async function planFactsForInsights(shopId: string) {
  const rows = await prisma.inventoryPlan.findMany({
    where: { shopId, OR: [{ deadStock: true }, { stockOutDay: { not: null } }] },
    select: {
      variantId: true,
      title: true,
      sku: true,
      available: true,
      onOrder: true,
      velocity: true,
      sigma: true,
      leadTimeDays: true,
      daysOfCover: true,
      stockOutDay: true,
      lostRevenuePerDayMinor: true,
      priceMinor: true,
      inStockDays: true,
      windowDays: true,
      deadStock: true,
      lastSaleDay: true,
    },
  });
  const costs = await prisma.variant.findMany({
    where: { shopId, id: { in: rows.filter((r) => r.deadStock).map((r) => r.variantId) } },
    select: { id: true, unitCostMinor: true },
  });
  const cost = new Map(costs.map((c) => [c.id, c.unitCostMinor]));
  // The plan prices a day out of stock only once the variant is out (planning.ts); a coming
  // stock-out is worth the same a day, or a best seller about to run out ranks below every
  // variant already out and its card says it loses $0.00 a day.
  return rows.map(({ priceMinor, ...r }) => ({
    ...r,
    lostRevenuePerDayMinor: r.lostRevenuePerDayMinor || Math.round(r.velocity * priceMinor),
    unitCostMinor: cost.get(r.variantId) ?? null,
  }));
}
