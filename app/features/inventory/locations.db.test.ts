// Per-location figures on the detail view: demand split by the locations' shares of the shop's
// stock, only where the shop has several locations, and never from another shop's levels.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { inventoryFiltersSchema } from "./filters";
import { alertCards, inventoryPage, listInventory } from "./list.server";
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
    const [a, b] = await variantLocationPlans(shop, lamp.variant.id);
    expect(a).toMatchObject({ locationId: "A", available: 28, share: 0.7 });
    expect(a.velocity).toBeCloseTo(1.4, 12);
    expect(a.reorderPoint).toBe(Math.ceil(plan.reorderPoint * 0.7));
    expect(a.daysOfCover).toBeCloseTo(20, 12);
    expect(b).toMatchObject({ locationId: "B", available: 3, share: 0.3, stockOutDay: "2026-11-30" });
    expect(b.daysOfCover).toBeCloseTo(5, 12);

    // A single-location shop shows none.
    await prisma.inventoryLocationLevel.deleteMany({ where: { shopId: shop.id, locationId: "B" } });
    await recomputeShop(shop, NOW);
    expect(await variantLocationPlans(shop, lamp.variant.id)).toEqual([]);
  });
});

describe("the list filtered by a location", () => {
  it("shows, filters, sorts and counts that location's figures, computed as on the detail view", async () => {
    const shop = await createShop({ timezone: "UTC" });
    const other = await createShop();
    const lamp = await createProduct(shop.id, { title: "Lamp", priceMinor: 5_000 });
    const mug = await createProduct(shop.id, { title: "Mug", priceMinor: 1_200 });
    const desk = await createProduct(shop.id, { title: "Desk", priceMinor: 30_000 });
    const rug = await createProduct(shop.id, { title: "Rug", priceMinor: 9_000 });
    for (let i = 1; i <= 30; i++)
      await createOrder(shop.id, addDays("2026-11-25", -i), [line(lamp, 2), line(mug, 1), line(rug, 1)]);
    const items = [
      [lamp, "item-lamp", 31],
      [mug, "item-mug", 400],
      [desk, "item-desk", 969],
      [rug, "item-rug", 60],
    ] as const;
    for (const [p, item, available] of items) {
      await prisma.variant.update({ where: { id: p.variant.id }, data: { inventoryItemId: item } });
      await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: p.variant.id, available } });
    }
    // Lamp runs low at B, the mug is out at B (all its stock at A), the desk does not sell,
    // the rug is stocked at A only.
    await level(shop.id, "item-lamp", "A", 28);
    await level(shop.id, "item-lamp", "B", 3);
    await level(shop.id, "item-mug", "A", 400);
    await level(shop.id, "item-mug", "B", 0);
    await level(shop.id, "item-desk", "A", 672);
    await level(shop.id, "item-desk", "B", 297);
    await level(shop.id, "item-rug", "A", 60);
    await level(other.id, "item-mug", "B", 100_000);
    await recomputeShop(shop, NOW);

    const f = (raw: Record<string, string>) => inventoryFiltersSchema.parse(raw);
    const list = await listInventory(shop, f({ location: "B" }));
    // The rug has no level at B: not listed. Sorted by lost revenue at B, then the day B runs out.
    expect(list.rows.map((r) => r.title)).toEqual(["Mug", "Lamp", "Desk"]);
    for (const row of list.rows) {
      const b = (await variantLocationPlans(shop, row.variantId)).find((p) => p.locationId === "B")!;
      expect(row).toMatchObject({
        available: b.available,
        reorderPoint: b.reorderPoint,
        daysOfCover: b.daysOfCover,
        stockOutDay: b.stockOutDay,
        status: b.status,
        stockBar: b.stockBar,
      });
    }
    const [mugAtB, lampAtB] = list.rows;
    // B holds 300 of the shop's 1,460 units (A: 28 + 400 + 672 + 60); both stock the mug.
    const shareB = 300 / 1_460;
    expect(mugAtB.status).toBe("out-of-stock");
    expect(mugAtB.lostRevenuePerDayMinor).toBe(Math.round(1 * shareB * 1_200));
    expect(lampAtB.status).toBe("low-stock");
    // The variant-wide figures are unchanged: the mug is well in stock over all.
    expect((await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId: mug.variant.id } })).status).not.toBe(
      "out-of-stock",
    );

    // Status, alert and cover filters read the location's figures.
    expect((await listInventory(shop, f({ location: "B", status: "out" }))).rows.map((r) => r.title)).toEqual(["Mug"]);
    expect((await listInventory(shop, f({ location: "B", alert: "low" }))).rows.map((r) => r.title)).toEqual(["Lamp"]);
    expect((await listInventory(shop, f({ location: "A", status: "out" }))).total).toBe(0);
    expect((await listInventory(shop, f({ location: "B", coverMax: "10" }))).rows.map((r) => r.title).sort()).toEqual([
      "Lamp",
      "Mug",
    ]);
    expect((await listInventory(shop, f({ location: "A", sort: "available" }))).rows.map((r) => r.title)).toEqual([
      "Lamp",
      "Rug",
      "Mug",
      "Desk",
    ]);

    // The alert cards count the location.
    const cards = await alertCards(shop, "B");
    expect(cards.out).toEqual({ count: 1, revenuePerDayMinor: mugAtB.lostRevenuePerDayMinor });
    expect(cards.low.count).toBe(1);
    expect((await alertCards(shop, "A")).out.count).toBe(0);

    // The page's rows carry the location and a maths line that says how it was split.
    const page = await inventoryPage(shop, f({ location: "B" }));
    expect(page.rows[0].location).toMatchObject({ id: "B", name: "Location B", variantAvailable: 400 });
    expect(page.rows[0].maths).toMatch(/^At Location B: /);
    // Another shop's location lists nothing of this shop.
    expect((await listInventory(other, f({ location: "B" }))).total).toBe(0);
  });
});
