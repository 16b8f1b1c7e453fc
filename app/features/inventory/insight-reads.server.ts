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
  return rows.map((r) => ({ ...r, unitCostMinor: cost.get(r.variantId) ?? null }));
}
