// The per-location figures stored with the planning figures (decision 068) equal a direct
// computation from the stock per location: after a full recompute with the locations' weights
// of that moment, and after a webhook's re-evaluation of one variant with the weights of the
// last recompute, which the other variants keep too.
import { describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { addDays, dayInZone } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { webhookRequest } from "~tests/shopify";
import * as inventoryLevelsUpdate from "~/routes/webhooks.inventory_levels.update";
import { inventoryFiltersSchema } from "./filters";
import { alertCards, listInventory } from "./list.server";
import { planAtLocation } from "./locations";
import { locationWeights } from "./locations.server";
import { recomputeShop } from "./recompute.server";

const NOW = new Date("2026-11-25T15:00:00Z");
const SHOP = "located-store.myshopify.com";
const item = (n: number) => `gid://shopify/InventoryItem/${n}`;
const location = (n: number) => `gid://shopify/Location/${n}`;
const key = (r: { variantId: string; locationId: string }) => `${r.variantId} ${r.locationId}`;
type Row = { variantId: string; locationId: string; share: number; velocity: number; daysOfCover: number | null };
/**
 * In key order, the fractions to 12 significant digits: Prisma reads a SQLite REAL to within a
 * unit in the last place, while the whole-number, day and status figures must match exactly.
 */
const byKey = <T extends Row>(rows: T[]) =>
  [...rows]
    .sort((a, b) => (key(a) < key(b) ? -1 : 1))
    .map((r) => ({
      ...r,
      share: Number(r.share.toPrecision(12)),
      velocity: Number(r.velocity.toPrecision(12)),
      daysOfCover: r.daysOfCover === null ? null : Number(r.daysOfCover.toPrecision(12)),
    }));

/** Each variant at each location stocking its item, computed from the levels as they are now. */
async function computed(shopId: string, weights: Map<string, number>) {
  const [plans, levels] = await Promise.all([
    prisma.inventoryPlan.findMany({ where: { shopId } }),
    prisma.inventoryLocationLevel.findMany({ where: { shopId } }),
  ]);
  return byKey(
    plans.flatMap((p) => {
      const at = levels.filter((l) => l.inventoryItemId === p.inventoryItemId);
      const itemWeights = at.reduce((sum, l) => sum + (weights.get(l.locationId) ?? 0), 0);
      const today = dayInZone(p.computedAt, "UTC");
      return at.map((l) => ({
        variantId: p.variantId,
        shopId,
        ...planAtLocation(
          p,
          {
            locationId: l.locationId,
            available: l.available,
            weight: weights.get(l.locationId) ?? 0,
            itemWeights,
            locations: at.length,
          },
          today,
        ),
      }));
    }),
  );
}
const stored = async (shopId: string) => byKey(await prisma.inventoryLocationPlan.findMany({ where: { shopId } }));

describe("stored per-location figures", () => {
  it("equal the figures computed from the levels, after a recompute and after a webhook", async () => {
    const shop = await createShop({ domain: SHOP, timezone: "UTC" });
    const other = await createShop();
    // [title, price, units sold a day on the last 10 days, levels per location]
    const catalogue: [string, number, number, Record<number, number>][] = [
      ["Lamp", 5_000, 2, { 1: 40, 2: 5, 3: 0 }],
      ["Mug", 1_200, 1, { 1: 0, 2: 0 }],
      ["Rug", 9_000, 1, { 3: -2 }],
      ["Desk", 30_000, 0, { 1: 100, 2: 50, 3: 20 }],
      ["Vase", 2_500, 3, { 2: 3 }],
      ["Stool", 4_000, 1, { 4: 0 }],
    ];
    const products = [];
    for (const [i, [title, priceMinor, perDay, levels]] of catalogue.entries()) {
      const p = await createProduct(shop.id, { title, priceMinor });
      products.push(p);
      await prisma.variant.update({ where: { id: p.variant.id }, data: { inventoryItemId: item(i + 1) } });
      const total = Object.values(levels).reduce((a, b) => a + b, 0);
      await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: p.variant.id, available: total } });
      for (const [at, available] of Object.entries(levels))
        await prisma.inventoryLocationLevel.create({
          data: { shopId: shop.id, inventoryItemId: item(i + 1), locationId: location(Number(at)), available },
        });
      if (perDay)
        for (let d = 1; d <= 10; d++) await createOrder(shop.id, addDays("2026-11-25", -d), [line(p, perDay)]);
    }
    // Another shop's stock at the same locations weighs nothing here.
    await prisma.inventoryLocationLevel.create({
      data: { shopId: other.id, inventoryItemId: item(1), locationId: location(2), available: 100_000 },
    });

    await recomputeShop(shop, NOW);
    const weights = await locationWeights(shop.id);
    const before = await stored(shop.id);
    expect(before).toHaveLength(11);
    expect(before).toEqual(await computed(shop.id, weights));
    // The weights the figures were split by are stored with them.
    const snapshot = await prisma.inventoryLocationWeight.findMany({ where: { shopId: shop.id } });
    expect(new Map(snapshot.map((w) => [w.locationId, w.weight]))).toEqual(
      new Map([1, 2, 3, 4].map((n) => [location(n), weights.get(location(n)) ?? 0])),
    );

    // The lamp sells out at location 2: its rows follow at once, split by the recompute's weights.
    const lamp = products[0].variant.id;
    const res = await inventoryLevelsUpdate.action({
      request: webhookRequest(
        "inventory_levels/update",
        SHOP,
        { inventory_item_id: 1, location_id: 2, available: 0, updated_at: "2026-11-25T16:00:00Z" },
        { webhookId: "located-1" },
      ),
      params: {},
      context: {},
    } as ActionFunctionArgs);
    expect(res.status).toBe(200);
    const after = await stored(shop.id);
    const lampAt2 = after.find((r) => r.variantId === lamp && r.locationId === location(2))!;
    expect(lampAt2).toMatchObject({ available: 0, status: "out-of-stock", stockBar: 0 });
    expect(lampAt2.lostRevenuePerDayMinor).toBe(Math.round(lampAt2.velocity * 5_000));
    expect(lampAt2.lostRevenuePerDayMinor).toBeGreaterThan(0);
    expect(after).toEqual(await computed(shop.id, weights));
    expect(after.filter((r) => r.variantId !== lamp)).toEqual(before.filter((r) => r.variantId !== lamp));
    // The list and the cards at location 2 read these rows.
    const f = (raw: Record<string, string>) => inventoryFiltersSchema.parse(raw);
    const list = await listInventory(shop, f({ location: location(2) }));
    expect(list.rows[0]).toMatchObject({ variantId: lamp, status: "out-of-stock", available: 0 });
    expect((await alertCards(shop, location(2))).out.revenuePerDayMinor).toBe(
      after
        .filter((r) => r.locationId === location(2) && r.status === "out-of-stock")
        .reduce((sum, r) => sum + r.lostRevenuePerDayMinor, 0),
    );

    // The next recompute takes the weights of that moment for every variant.
    await recomputeShop(shop, NOW);
    const now = await locationWeights(shop.id);
    expect(now.get(location(2))).not.toBe(weights.get(location(2)));
    expect(await stored(shop.id)).toEqual(await computed(shop.id, now));
    expect(await prisma.inventoryLocationPlan.count({ where: { shopId: other.id } })).toBe(0);
  });
});
