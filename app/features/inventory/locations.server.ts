// Per-location planning figures for one variant (the detail view), from the stored figures,
// the item's stock per location and the shop's stock per location (decision 063).
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { planLocations } from "./locations";

type Shop = { id: string; timezone: string };

/** Each location's share of the shop's available units (negative levels count as none). */
export async function locationWeights(shopId: string) {
  const rows = await prisma.inventoryLocationLevel.groupBy({
    by: ["locationId"],
    where: { shopId, available: { gt: 0 } },
    _sum: { available: true },
  });
  return new Map(rows.map((r) => [r.locationId, r._sum.available ?? 0]));
}

/** The variant's figures at each location stocking it, or [] when the shop has a single location. */
export async function variantLocationPlans(shop: Shop, variantId: string, now = new Date()) {
  const plan = await prisma.inventoryPlan.findFirst({
    where: { shopId: shop.id, variantId },
    select: { inventoryItemId: true, velocity: true, reorderPoint: true },
  });
  if (!plan?.inventoryItemId) return [];
  const [levels, locations, weights] = await Promise.all([
    prisma.inventoryLocationLevel.findMany({
      where: { shopId: shop.id, inventoryItemId: plan.inventoryItemId },
      select: { locationId: true, available: true },
      orderBy: { locationId: "asc" },
    }),
    prisma.inventoryLocationLevel.findMany({
      where: { shopId: shop.id },
      distinct: ["locationId"],
      select: { locationId: true },
    }),
    locationWeights(shop.id),
  ]);
  if (locations.length < 2) return [];
  return planLocations(plan, levels, weights, dayInZone(now, shop.timezone)).map((p) => ({
    ...p,
    name: `Location ${p.locationId.split("/").pop() ?? p.locationId}`,
  }));
}
