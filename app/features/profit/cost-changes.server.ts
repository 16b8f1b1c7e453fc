// The cost changes the insight engine reads (app/features/insights, margin erosion): each cost
// entered in the app whose effective day falls in a window, with the unit cost it replaced (the
// one that applied the day before, by the rule of costs-rule.ts) and the units of the lines it
// matches sold in a range, costed three ways: at the old cost, at the new one, and as the
// Products profit report counts them. So a margin before and after can be told at one mix of
// variants, whatever the mix or the discounts did.
import { prisma } from "~/db.server";
import { addDays, type DayRange } from "~/lib/dates";
import { effectiveUnitCost, overridesFor, type CostChangeSold } from "~/features/profit/costs-rule";
import { costGroups } from "~/features/profit/rollup-costs.server";

/** Cost rows effective from `since` to `today` (store days), with the range's units of the lines each matches. */
export async function costChangesSold(
  shopId: string,
  since: string,
  today: string,
  range: DayRange,
): Promise<CostChangeSold[]> {
  const costs = await prisma.productCost.findMany({
    where: { shopId },
    select: { id: true, sku: true, productName: true, effectiveFrom: true, costPerUnitMinor: true, createdAt: true },
  });
  const changed = costs.filter((c) => c.effectiveFrom >= since && c.effectiveFrom <= today);
  const out = new Map<string, CostChangeSold>();
  for (const c of changed) {
    const dayBefore = addDays(c.effectiveFrom, -1);
    for (const g of await costGroups(prisma, shopId, { sku: c.sku || null, productName: c.productName }, range)) {
      if (!g.productId) continue;
      const overrides = overridesFor(costs, g.sku, g.title);
      // Only the row that prices the line today: a line whose SKU has rows of its own, or whose
      // cost a later row replaced, is another change's business.
      if (overrides.filter((o) => o.effectiveFrom <= today).at(-1) !== c) continue;
      const before = effectiveUnitCost(dayBefore, g.unitCostMinor, overrides);
      const reported = effectiveUnitCost(g.day, g.unitCostMinor, overrides);
      if (before === null || reported === null) continue;
      const key = `${c.id}|${g.productId}`;
      const row = out.get(key) ?? {
        productId: g.productId,
        name: c.productName,
        sku: c.sku || null,
        effectiveFrom: c.effectiveFrom,
        units: 0,
        beforeCogsMinor: 0,
        afterCogsMinor: 0,
        reportedCogsMinor: 0,
      };
      row.units += g.quantity;
      row.beforeCogsMinor += before * g.quantity;
      row.afterCogsMinor += c.costPerUnitMinor * g.quantity;
      row.reportedCogsMinor += reported * g.quantity;
      out.set(key, row);
    }
  }
  return [...out.values()];
}
