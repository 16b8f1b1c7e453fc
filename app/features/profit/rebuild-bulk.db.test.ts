// The import's last step right after its bulk load: the rebuild runs on tables whose planner
// statistics are stale (this file's database is new and nothing has run ANALYZE), a month
// per transaction, each inside the write lock's time limit, and sums what was loaded.
import { describe, expect, it } from "vitest";
import { prisma, sqlOn } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { createProduct, createShop } from "~tests/factories";
import { missingCosts } from "~/features/profit/missing-costs.server";
import { rebuildRollups } from "~/features/profit/rollups.server";

const ORDERS = 20_000;
const FIRST = Date.UTC(2025, 6, 1);
const dayOf = (i: number) => new Date(FIRST + (i % 365) * 86_400_000).toISOString().slice(0, 10);

describe("rebuildRollups after a bulk load", () => {
  it("finishes with statistics left stale and sums every loaded order", { timeout: 180_000 }, async () => {
    const shop = await createShop({ name: "Bulk" });
    const costed = await createProduct(shop.id, { sku: "A", priceMinor: 20_00, unitCostMinor: 5_00 });
    const unknown = await createProduct(shop.id, { sku: "B", priceMinor: 30_00, unitCostMinor: null });
    const q = sqlOn(prisma);
    // Plain INSERTs, as the import's batches write them: no rollups, no ANALYZE.
    for (const ids of chunks(
      Array.from({ length: ORDERS }, (_, i) => i),
      500,
    )) {
      await q
        .insertInto("Order")
        .values(
          ids.map((i) => ({
            id: `bulk-${i}`,
            shopId: shop.id,
            name: `#${i}`,
            processedAt: new Date(`${dayOf(i)}T12:00:00Z`),
            day: dayOf(i),
            currency: "USD",
            grossSalesMinor: 50_00,
            totalMinor: 50_00,
            cancelledAt: i % 100 === 0 ? new Date(`${dayOf(i)}T13:00:00Z`) : null,
          })),
        )
        .execute();
      await q
        .insertInto("OrderLine")
        .values(
          ids.flatMap((i) =>
            [costed, unknown].map((item, k) => ({
              id: `bulk-${i}-${k}`,
              shopId: shop.id,
              orderId: `bulk-${i}`,
              day: dayOf(i),
              productId: item.product.id,
              variantId: item.variant.id,
              title: item.product.title,
              sku: item.variant.sku,
              quantity: 1,
              unitPriceMinor: item.variant.priceMinor,
              unitCostMinor: item.variant.unitCostMinor,
            })),
          ),
        )
        .execute();
    }

    await rebuildRollups(shop.id);

    const counted = ORDERS - ORDERS / 100;
    const totals = await prisma.dailyRollup.aggregate({
      where: { shopId: shop.id },
      _sum: { ordersCount: true, cogsMinor: true, uncostedUnits: true },
    });
    expect(totals._sum).toEqual({ ordersCount: counted, cogsMinor: counted * 5_00, uncostedUnits: counted });
    const year = await missingCosts(shop.id, { from: dayOf(0), to: dayOf(364) });
    expect(year.sold).toBe(2);
    expect(year.variants).toMatchObject([{ sku: "B", uncostedUnits: counted, revenueMinor: counted * 30_00 }]);
  });
});
