// Variants coming back in stock, for other features (engagement's back-in-stock flow): a stock-out
// period opens when a variant reaches 0 available and closes when stock returns, both written by
// this feature's stock update path (recompute.server.ts applyTransitions).
import { prisma } from "~/db.server";

export type Restock = { id: string; variantId: string; soldOutAt: Date; restockedAt: Date };

/** Stock-outs that ended in (from, to]: the instant each variant came back. */
export async function restocksBetween(shopId: string, from: Date, to: Date): Promise<Restock[]> {
  const rows = await prisma.stockoutPeriod.findMany({
    where: { shopId, endedAt: { gt: from, lte: to } },
    select: { id: true, variantId: true, startedAt: true, endedAt: true },
    orderBy: { endedAt: "asc" },
  });
  return rows.map((r) => ({ id: r.id, variantId: r.variantId, soldOutAt: r.startedAt, restockedAt: r.endedAt! }));
}

/** Units available now per variant (absent: never counted). */
export async function availableOf(shopId: string, variantIds: string[]): Promise<Map<string, number>> {
  const rows = await prisma.inventoryLevel.findMany({
    where: { shopId, variantId: { in: variantIds } },
    select: { variantId: true, available: true },
  });
  return new Map(rows.map((r) => [r.variantId, r.available]));
}
