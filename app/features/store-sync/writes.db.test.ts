// Live order updates keep the rollups exactly where a full rebuild puts them, for
// any sequence of creates, edits (lines, amounts, day), refunds, cancellations,
// replays and late deliveries, with manual costs entered along the way.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { expectLinesCostKept } from "~tests/lines-cost";
import { addProductCost } from "~/features/profit/index.server";
import { rebuildRollups } from "~/features/profit/index.server";
import { addRefund, upsertOrder, upsertProduct, type SyncShop } from "~/features/store-sync/writes.server";
import type { SyncOrder } from "~/features/store-sync/normalize";

let shop: SyncShop & { domain: string };

async function rollups(shopId: string) {
  const nonZero = (r: Record<string, unknown>) =>
    Object.entries(r).some(([k, v]) => typeof v === "number" && v !== 0 && k !== "id");
  const days = await prisma.dailyRollup.findMany({ where: { shopId }, orderBy: { day: "asc" }, omit: { id: true } });
  const products = await prisma.productDailyRollup.findMany({
    where: { shopId },
    orderBy: [{ day: "asc" }, { productId: "asc" }],
    omit: { id: true },
  });
  // An order's shares are fractions of a minor unit: sums made in another order differ in the last bits.
  const settled = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    days: days.filter(nonZero),
    products: products.filter(nonZero).map((p) => ({
      ...p,
      netSalesShareMinor: settled(p.netSalesShareMinor),
      refundsShareMinor: settled(p.refundsShareMinor),
      feesShareMinor: settled(p.feesShareMinor),
      shippingShareMinor: settled(p.shippingShareMinor),
    })),
  };
}

const VARIANTS = ["gid://shopify/ProductVariant/1", "gid://shopify/ProductVariant/2", "gid://shopify/ProductVariant/3"];

const lineArb = fc.record({
  variant: fc.integer({ min: 0, max: 2 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  price: fc.integer({ min: 1, max: 200 }).map((n) => n * 100),
  discount: fc.integer({ min: 0, max: 50 }),
});

const opArb = fc.oneof(
  fc.record({
    kind: fc.constant("order" as const),
    order: fc.integer({ min: 1, max: 2 }),
    version: fc.integer({ min: 1, max: 6 }),
    dayOffset: fc.integer({ min: 0, max: 3 }),
    cancelled: fc.boolean(),
    lines: fc.array(lineArb, { minLength: 0, maxLength: 3 }),
    discounts: fc.integer({ min: 0, max: 1000 }),
    shipping: fc.integer({ min: 0, max: 1000 }),
  }),
  fc.record({
    kind: fc.constant("refund" as const),
    order: fc.integer({ min: 1, max: 2 }),
    refund: fc.integer({ min: 1, max: 3 }),
    amount: fc.integer({ min: 1, max: 5000 }),
    dayOffset: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    kind: fc.constant("cost" as const),
    sku: fc.integer({ min: 0, max: 2 }),
    cost: fc.integer({ min: 1, max: 90 }),
    dayOffset: fc.integer({ min: 0, max: 4 }),
  }),
);

function orderOf(op: any, run: number): SyncOrder {
  const day = new Date(Date.UTC(2026, 5, 10 + op.dayOffset, 15));
  return {
    shopifyId: `gid://shopify/Order/${run}-${op.order}`,
    name: `#${op.order}`,
    email: null,
    gateways: [],
    weightGrams: null,
    shippingCountryCode: null,
    customerShopifyId: null,
    processedAt: day,
    updatedAt: new Date(Date.UTC(2026, 5, 20, 0, op.version)),
    cancelledAt: op.cancelled ? day : null,
    presentmentCurrency: null,
    discountsMinor: op.discounts,
    shippingMinor: op.shipping,
    taxesMinor: 0,
    financialStatus: "paid",
    channel: "online_store",
    source: null,
    adChannel: null,
    country: null,
    region: null,
    lines: op.lines.map((l: any, i: number) => ({
      shopifyId: `gid://shopify/LineItem/${run}-${op.order}-${i}`,
      productShopifyId: null,
      variantShopifyId: VARIANTS[l.variant],
      title: `Item ${l.variant}`,
      sku: `SKU-${l.variant}`,
      quantity: l.quantity,
      unitPriceMinor: l.price,
      discountMinor: l.discount,
    })),
    refunds: [],
  };
}

beforeAll(async () => {
  const row = await createShop({ timezone: "America/Los_Angeles" });
  shop = { id: row.id, currency: row.currency, timezone: row.timezone, domain: row.domain };
  await prisma.$transaction(async (tx) => {
    for (const [i, cost] of [
      [0, 40_00],
      [1, null],
      [2, 10_00],
    ] as const) {
      await upsertProduct(tx, shop, {
        shopifyId: `gid://shopify/Product/${i + 1}`,
        title: `Item ${i}`,
        category: "Audio",
        imageUrl: null,
        updatedAt: new Date("2026-06-01T00:00:00Z"),
        variants: [
          {
            shopifyId: VARIANTS[i],
            title: "Default",
            sku: `SKU-${i}`,
            priceMinor: 100_00,
            inventoryItemId: null,
            unitCostMinor: cost,
          },
        ],
      });
    }
  });
});

describe("incremental rollups", () => {
  it("equal a full rebuild after any sequence of live updates", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 15 }), async (ops) => {
        run++;
        // Each run starts from a clean shop so runs do not depend on each other.
        await prisma.order.deleteMany({ where: { shopId: shop.id } });
        await prisma.productCost.deleteMany({ where: { shopId: shop.id } });
        await rebuildRollups(shop.id);
        for (const op of ops) {
          if (op.kind === "order") {
            await prisma.$transaction((tx) => upsertOrder(tx, shop, orderOf(op, run)));
          } else if (op.kind === "refund") {
            const processedAt = new Date(Date.UTC(2026, 5, 10 + op.dayOffset, 20));
            await prisma.$transaction((tx) =>
              addRefund(tx, shop, {
                shopifyId: `gid://shopify/Refund/${run}-${op.refund}`,
                orderShopifyId: `gid://shopify/Order/${run}-${op.order}`,
                processedAt,
                amountMinor: op.amount,
              }),
            );
          } else {
            await addProductCost(shop, {
              productName: `Item ${op.sku}`,
              sku: `SKU-${op.sku}`,
              costPerUnit: String(op.cost),
              effectiveFrom: `2026-06-1${op.dayOffset}`,
            });
          }
        }
        await expectLinesCostKept(shop.id);
        const incremental = await rollups(shop.id);
        await rebuildRollups(shop.id);
        expect(incremental).toEqual(await rollups(shop.id));
      }),
      { numRuns: 30, seed: 20261121 },
    );
  });
});
