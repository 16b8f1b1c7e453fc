// Per-location figures on the detail view: demand split by the locations' shares of the shop's
// stock, only where the shop has several locations, and never from another shop's levels.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { variantLocationPlans } from "./locations.server";
import { recomputeShop } from "./recompute.server";

const NOW = new Date("2026-11-25T15:00:00Z");
const level = (shopId: string, inventoryItemId: string, locationId: string, available: number) =>
  prisma.inventoryLocationLevel.create({ data: { shopId, inventoryItemId, locationId, available } });

describe("variantLocationPlans", () => {
  it("splits the variant's velocity and reorder point by each location's share of the shop's stock", async () => {
    const shop = await createShop({ timezone: "UTC" });
    const other = await createShop();
    const lamp = await createProduct(shop.id, { title: "Lamp" });
    const desk = await createProduct(shop.id, { title: "Desk" });
    for (let i = 1; i <= 30; i++) await createOrder(shop.id, addDays("2026-11-25", -i), [line(lamp, 2)]);
    await prisma.variant.update({ where: { id: lamp.variant.id }, data: { inventoryItemId: "item-lamp" } });
    await prisma.variant.update({ where: { id: desk.variant.id }, data: { inventoryItemId: "item-desk" } });
    await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: lamp.variant.id, available: 31 } });
    await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: desk.variant.id, available: 969 } });
    // The shop holds 700 units at A and 300 at B (lamp and desk together).
    await level(shop.id, "item-lamp", "A", 28);
    await level(shop.id, "item-lamp", "B", 3);
    await level(shop.id, "item-desk", "A", 672);
    await level(shop.id, "item-desk", "B", 297);
    // Another shop's levels at the same location ids change nothing.
    await level(other.id, "item-lamp", "B", 100_000);

    await recomputeShop(shop, NOW);
    const plan = await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId: lamp.variant.id } });
    expect(plan.velocity).toBeCloseTo(2, 12);
    const [a, b] = await variantLocationPlans(shop, lamp.variant.id, NOW);
    expect(a).toMatchObject({ locationId: "A", available: 28, share: 0.7 });
    expect(a.velocity).toBeCloseTo(1.4, 12);
    expect(a.reorderPoint).toBe(Math.ceil(plan.reorderPoint * 0.7));
    expect(a.daysOfCover).toBeCloseTo(20, 12);
    expect(b).toMatchObject({ locationId: "B", available: 3, share: 0.3, stockOutDay: "2026-11-30" });
    expect(b.daysOfCover).toBeCloseTo(5, 12);

    // A single-location shop shows none.
    await prisma.inventoryLocationLevel.deleteMany({ where: { shopId: shop.id, locationId: "B" } });
    expect(await variantLocationPlans(shop, lamp.variant.id, NOW)).toEqual([]);
  });
});
