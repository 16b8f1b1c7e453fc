// The Products profit report read from the product rollups (decision 094) gives the same figures as
// the line-level computation (decision 089's grouped query over the range's lines), on a store of
// a few hundred orders over seven months, for ranges of whole months, edge days and both: as
// written order by order, and after a refund, a cancellation, costs entered and edited, a fee rule
// re-estimating fees, a label filled later and a time-zone change (re-dated days, rebuilt rollups).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays, type DayRange } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { addProductCost, updateProductCost } from "~/features/profit/costs.server";
import { reestimateFees } from "~/features/profit/fee-rules.server";
import { reestimateShipping } from "~/features/profit/shipping-rules.server";
import { applyOrderChange, loadOrderState } from "~/features/profit/order-rollups.server";
import { productProfits, productProfitsFromLines } from "~/features/profit/products-report.server";
import { rederiveDays } from "~/features/profit/rebucket.server";
import { rebuildRollups, recordRefund, type OrderLineInput } from "~/features/profit/rollups.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
let otherProduct: string;
const orderIds: string[] = [];
const FIRST = "2026-01-01";
const DAYS = 200;

/** A small deterministic generator (mulberry32), so the store is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RANGES: DayRange[] = [
  { from: FIRST, to: addDays(FIRST, DAYS) }, // whole months and the last month's days
  { from: "2026-02-11", to: "2026-05-20" }, // edge days on both sides of whole months
  { from: "2026-03-01", to: "2026-03-31" }, // one whole month
  { from: "2026-04-03", to: "2026-04-17" }, // days inside a month
  { from: "2026-01-31", to: "2026-02-01" }, // two days across a month's end
];

async function expectSameAsLines() {
  const current = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
  for (const range of RANGES) {
    const byKey = <T extends { key: string }>(rows: T[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));
    const fromRollups = byKey(await productProfits(current, range, "product"));
    const fromLines = byKey(await productProfitsFromLines(current, range, "product"));
    expect(fromRollups.length, `${range.from}…${range.to}`).toBeGreaterThan(0);
    expect(fromRollups, `${range.from}…${range.to}`).toEqual(fromLines);
    expect(fromRollups.some((r) => r.productId === otherProduct)).toBe(false);
  }
}

beforeAll(async () => {
  shop = await createShop({ name: "Rollup report" });
  other = await createShop({ name: "Rollup report, other shop" });
  const rand = random(94);
  const items: Awaited<ReturnType<typeof createProduct>>[] = [];
  for (let i = 0; i < 12; i++)
    items.push(
      await createProduct(shop.id, {
        title: `Product ${String.fromCharCode(65 + i)}`,
        sku: `RR-${i}`,
        priceMinor: 5_00 + Math.floor(rand() * 200_00),
        // Two products have no cost at the time of sale.
        unitCostMinor: i % 6 === 5 ? null : 1_00 + Math.floor(rand() * 40_00),
      }),
    );
  const custom = (): OrderLineInput => ({
    productId: null,
    variantId: null,
    title: "Gift wrapping",
    sku: null,
    quantity: 1,
    unitPriceMinor: 3_00,
    unitCostMinor: null,
  });
  for (let i = 0; i < 320; i++) {
    const day = addDays(FIRST, Math.floor(rand() * (DAYS + 1)));
    const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const l = line(items[Math.floor(rand() * items.length)], 1 + Math.floor(rand() * 3));
      return rand() < 0.2 ? { ...l, discountMinor: Math.floor(rand() * l.unitPriceMinor) } : l;
    });
    if (rand() < 0.05) lines.push(custom());
    // Some orders are free (a 100% discount): their shares go by units.
    const gross = lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor, 0);
    const discountsMinor = rand() < 0.03 ? gross : rand() < 0.3 ? Math.floor(rand() * 10_00) : 0;
    const hour = String(Math.floor(rand() * 24)).padStart(2, "0");
    const order = await createOrder(shop.id, day, lines, {
      processedAt: new Date(`${day}T${hour}:17:00Z`),
      discountsMinor,
      paymentFeesMinor: rand() < 0.15 ? null : Math.floor(rand() * 5_00),
      shippingCostMinor: rand() < 0.2 ? null : Math.floor(rand() * 12_00),
    });
    orderIds.push(order.id);
  }
  const z = await createProduct(other.id, { title: "Product A", sku: "RR-0", priceMinor: 999_00 });
  otherProduct = z.product.id;
  await createOrder(other.id, "2026-03-10", [line(z, 4)], { paymentFeesMinor: 7_00, shippingCostMinor: 3_00 });
}, 240_000);

describe("the Products report from the rollups equals the line-level answer", () => {
  it("as written order by order", async () => {
    await expectSameAsLines();
  });

  it("after refunds and a cancellation", async () => {
    for (const id of orderIds.slice(0, 12)) {
      const order = await prisma.order.findUniqueOrThrow({ where: { id } });
      await recordRefund(prisma, shop.id, {
        orderId: id,
        processedAt: new Date(),
        day: addDays(order.day, 3),
        amountMinor: Math.min(5_00, order.grossSalesMinor),
      });
    }
    await prisma.$transaction(async (tx) => {
      const before = await loadOrderState(tx, shop.id, orderIds[20]);
      await tx.order.update({ where: { id: orderIds[20] }, data: { cancelledAt: new Date() } });
      await applyOrderChange(tx, shop.id, before, await loadOrderState(tx, shop.id, orderIds[20]));
    });
    await expectSameAsLines();
  });

  it("after costs entered in the app (by SKU and by name) and one edited", async () => {
    const bySku = await addProductCost(shop, {
      productName: "Product F",
      sku: "RR-5",
      costPerUnit: "12.50",
      effectiveFrom: "2026-03-15",
    });
    await addProductCost(shop, { productName: "Product B", sku: "", costPerUnit: "3.00", effectiveFrom: "2026-01-01" });
    await expectSameAsLines();
    await updateProductCost(shop, bySku.id, {
      productName: "Product F",
      sku: "RR-5",
      costPerUnit: "9.75",
      effectiveFrom: "2026-02-20",
    });
    await expectSameAsLines();
  });

  it("after a fee rule re-estimates a gateway's fees, and a label filled later", async () => {
    await prisma.order.updateMany({
      where: { id: { in: orderIds.slice(30, 90) } },
      data: { gateways: "paypal", paymentFeeSource: "none" },
    });
    await prisma.paymentFeeRule.create({ data: { shopId: shop.id, gateway: "paypal", rateBps: 349, fixedMinor: 49 } });
    expect(await reestimateFees(shop.id, "paypal")).toBeGreaterThan(0);
    await expectSameAsLines();
    // A label imported later goes through the order write path.
    const unlabelled = await prisma.order.findFirstOrThrow({
      where: { shopId: shop.id, shippingCostMinor: null, cancelledAt: null },
    });
    await prisma.$transaction(async (tx) => {
      const before = await loadOrderState(tx, shop.id, unlabelled.id);
      await tx.order.update({ where: { id: unlabelled.id }, data: { shippingCostMinor: 8_45 } });
      await applyOrderChange(tx, shop.id, before, await loadOrderState(tx, shop.id, unlabelled.id));
    });
    await expectSameAsLines();
  });

  it("after a shipping rule estimates the unlabelled orders' label costs (decision 092)", async () => {
    await prisma.order.updateMany({
      where: { shopId: shop.id, shippingCostMinor: null },
      data: { shippingCostSource: "none", shippingCountryCode: "US" },
    });
    await prisma.shippingRule.create({
      data: {
        shopId: shop.id,
        scope: "country",
        scopeKey: "country:US",
        countries: "US",
        basis: "order",
        amountMinor: 6_50,
      },
    });
    expect(await reestimateShipping(shop.id)).toBeGreaterThan(0);
    await expectSameAsLines();
  });

  it("after a time-zone change re-dates the orders and rebuilds the rollups", async () => {
    const moved = await prisma.$transaction(async (tx) => {
      await tx.shop.update({ where: { id: shop.id }, data: { timezone: "America/New_York" } });
      return rederiveDays(tx, shop.id, "America/New_York");
    });
    expect(moved.orders).toBeGreaterThan(0);
    await rebuildRollups(shop.id);
    await expectSameAsLines();
  });

  it("keeps the other shop's product to itself", async () => {
    const rows = await productProfits(other, { from: "2026-03-01", to: "2026-03-31" });
    expect(rows).toMatchObject([{ productId: otherProduct, units: 4, netSalesMinor: 3996_00, paymentFeesMinor: 7_00 }]);
  });
});
