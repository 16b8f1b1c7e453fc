// Per-location planning figures for one variant (the detail view): the rows stored with its
// planning figures (decisions 063, 068).
import { prisma } from "~/db.server";
import type { LocationPlan } from "./locations";
import type { InventoryStatus } from "./planning";

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

/**
 * The variant's figures at each location stocking it, as stored with its planning figures (the
 * list filtered by a location shows the same rows), or [] when the shop has a single location.
 */
export async function variantLocationPlans(
  shop: Shop,
  variantId: string,
): Promise<(LocationPlan & { name: string })[]> {
  const [rows, locations] = await Promise.all([
    prisma.inventoryLocationPlan.findMany({
      where: { shopId: shop.id, variantId },
      orderBy: { locationId: "asc" },
    }),
    prisma.inventoryLocationLevel.findMany({
      where: { shopId: shop.id },
      distinct: ["locationId"],
      select: { locationId: true },
      take: 2,
    }),
  ]);
  if (locations.length < 2) return [];
  return rows.map((r) => ({
    locationId: r.locationId,
    available: r.available,
    share: r.share,
    velocity: r.velocity,
    reorderPoint: r.reorderPoint,
    daysOfCover: r.daysOfCover,
    stockOutDay: r.stockOutDay,
    status: r.status as InventoryStatus,
    stockBar: r.stockBar as LocationPlan["stockBar"],
    name: `Location ${r.locationId.split("/").pop() ?? r.locationId}`,
  }));
}
