// The missing-cost count read from the variant rollups equals the plain scan of every order
// line of the period (what missing-costs.server.ts computed before the rollup, decision 077),
// as orders, refunds, cancellations and entered costs arrive, and after a rebuild.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma, sql, sqlOn } from "~/db.server";
import type { DayRange } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { effectiveUnitCost, overridesFor } from "~/features/profit/costs-rule";
import { addProductCost, deleteProductCost, updateProductCost } from "~/features/profit/costs.server";
import { missingCosts, type MissingCosts, type MissingCostVariant } from "~/features/profit/missing-costs.server";
import { applyOrderChange, loadOrderState } from "~/features/profit/order-rollups.server";
import { rebuildRollups, recordRefund } from "~/features/profit/rollups.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;

/** The definition, by brute force: every line of the period joined to its order. */
async function plainScan(shopId: string, range: DayRange): Promise<MissingCosts> {
  const groups = await sqlOn()
    .selectFrom("OrderLine as l")
    .innerJoin("Order as o", "o.id", "l.orderId")
    .leftJoin("Product as p", "p.id", "l.productId")
    .leftJoin("Variant as v", "v.id", "l.variantId")
    .select((eb) => [
      "l.day",
      "l.variantId",
      "l.sku",
      "p.title as title",
      "v.title as variantTitle",
      eb.fn.min("l.title").as("lineTitle"),
      sql<number>`CASE WHEN l."unitCostMinor" IS NULL THEN 1 ELSE 0 END`.as("nocost"),
      eb.fn.sum<number>("l.quantity").as("units"),
      sql<number>`SUM(l."quantity" * l."unitPriceMinor" - l."discountMinor")`.as("revenue"),
    ])
    .where("l.shopId", "=", shopId)
    .where("l.day", ">=", range.from)
    .where("l.day", "<=", range.to)
    .where("o.cancelledAt", "is", null)
    .groupBy([
      "l.day",
      "l.variantId",
      "l.sku",
      "p.title",
      "v.title",
      sql`CASE WHEN l."unitCostMinor" IS NULL THEN 1 ELSE 0 END`,
    ])
    .execute();
  const costs = await prisma.productCost.findMany({ where: { shopId } });
  const sold = new Set<string>();
  const missing = new Map<string, MissingCostVariant>();
  for (const g of groups) {
    const key = g.variantId ?? (g.sku ? `sku:${g.sku}` : `title:${g.title ?? g.lineTitle}`);
    sold.add(key);
    if (Number(g.nocost) !== 1 || effectiveUnitCost(g.day, null, overridesFor(costs, g.sku, g.title)) !== null)
      continue;
    const entry = missing.get(key) ?? {
      key,
      productName: g.title ?? g.lineTitle ?? "Unknown product",
      variant: g.variantTitle,
      sku: g.sku,
      uncostedUnits: 0,
      revenueMinor: 0,
    };
    entry.uncostedUnits += Number(g.units);
    entry.revenueMinor += Number(g.revenue);
    missing.set(key, entry);
  }
  const variants = [...missing.values()].sort((a, b) => b.revenueMinor - a.revenueMinor || a.key.localeCompare(b.key));
  const inRange = { shopId, day: { gte: range.from, lte: range.to }, cancelledAt: null };
  const orders = await prisma.order.count({ where: inRange });
  const unknownFeeOrders = await prisma.order.count({ where: { ...inRange, paymentFeeSource: "none" } });
  const unknownLabelOrders = await prisma.order.count({ where: { ...inRange, shippingCostSource: "none" } });
  return { sold: sold.size, variants, orders, unknownFeeOrders, unknownLabelOrders };
}

// 1 day, within a month, across a month's end, whole months plus days on both sides, a year.
const RANGES: DayRange[] = [
  { from: "2026-05-20", to: "2026-05-20" },
  { from: "2026-05-01", to: "2026-05-31" },
  { from: "2026-04-25", to: "2026-05-24" },
  { from: "2026-03-15", to: "2026-06-10" },
  { from: "2025-07-01", to: "2026-06-30" },
];

async function expectPlain() {
  for (const range of RANGES)
    expect(await missingCosts(shop.id, range), JSON.stringify(range)).toEqual(await plainScan(shop.id, range));
}

async function variantRows(shopId: string) {
  const days = await prisma.variantDailySales.findMany({ where: { shopId } });
  const months = await prisma.variantMonthlySales.findMany({ where: { shopId } });
  const order = (a: { variantId: string; sku: string; title: string }, b: typeof a) =>
    (a.variantId + a.sku + a.title).localeCompare(b.variantId + b.sku + b.title);
  const live = <T extends { units: number; uncostedUnits: number; uncostedRevenueMinor: number }>(rows: T[]) =>
    rows.filter((r) => r.units || r.uncostedUnits || r.uncostedRevenueMinor);
  return {
    days: live(days).sort((a, b) => a.day.localeCompare(b.day) || order(a, b)),
    months: live(months).sort((a, b) => a.month.localeCompare(b.month) || order(a, b)),
  };
}

let costed: Awaited<ReturnType<typeof createProduct>>;
let noCost: Awaited<ReturnType<typeof createProduct>>;
let costLater: Awaited<ReturnType<typeof createProduct>>;
let costFromDate: Awaited<ReturnType<typeof createProduct>>;
let refunded: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  shop = await createShop({ name: "Missing costs" });
  costed = await createProduct(shop.id, { title: "Costed", sku: "C1", priceMinor: 30_00, unitCostMinor: 10_00 });
  noCost = await createProduct(shop.id, { title: "No cost", sku: "N1", priceMinor: 20_00, unitCostMinor: null });
  costLater = await createProduct(shop.id, { title: "Cost later", sku: "L1", priceMinor: 25_00, unitCostMinor: null });
  costFromDate = await createProduct(shop.id, { title: "Dated", sku: "D1", priceMinor: 40_00, unitCostMinor: null });
  refunded = await createProduct(shop.id, { title: "Refunded", sku: "R1", priceMinor: 50_00, unitCostMinor: null });
  const other = await createShop({ name: "Other" });
  const x = await createProduct(other.id, { sku: "N1", unitCostMinor: null });
  await createOrder(other.id, "2026-05-20", [line(x, 3)]);

  await createOrder(shop.id, "2026-03-20", [line(costed, 1), line(noCost, 2)]);
  await createOrder(shop.id, "2026-04-28", [line(noCost, 1), line(costLater, 4)]);
  await createOrder(shop.id, "2026-05-20", [line(costLater, 1), line(costFromDate, 2), line(costed, 2)]);
  // A line without product, variant or SKU (a custom item), named by its own title.
  await createOrder(shop.id, "2026-05-21", [
    {
      productId: null,
      variantId: null,
      title: "Gift wrap",
      sku: null,
      quantity: 1,
      unitPriceMinor: 5_00,
      unitCostMinor: null,
    },
  ]);
  const withRefund = await createOrder(shop.id, "2026-06-05", [line(refunded, 1), line(noCost, 1)]);
  await recordRefund(prisma, shop.id, {
    orderId: withRefund.id,
    processedAt: new Date("2026-06-07T12:00:00Z"),
    day: "2026-06-07",
    amountMinor: 50_00,
  });
});

describe("the missing-cost count from the variant rollups", () => {
  it("equals the plain scan as orders and refunds arrive", async () => {
    const may = await missingCosts(shop.id, RANGES[1]);
    expect(may.sold).toBe(4);
    expect(may.variants.map((v) => v.sku ?? v.productName)).toEqual(["D1", "L1", "Gift wrap"]);
    // The refunded line still sold, at no known cost.
    const june = await missingCosts(shop.id, { from: "2026-06-01", to: "2026-06-30" });
    expect(june.variants.map((v) => v.sku)).toEqual(["R1", "N1"]);
    await expectPlain();
  });

  it("follows a cancelled order", async () => {
    const order = await createOrder(shop.id, "2026-05-22", [line(noCost, 7)]);
    await expectPlain();
    await prisma.$transaction(async (tx) => {
      const before = await loadOrderState(tx, shop.id, order.id);
      await tx.order.update({ where: { id: order.id }, data: { cancelledAt: new Date("2026-05-23T00:00:00Z") } });
      await applyOrderChange(tx, shop.id, before, await loadOrderState(tx, shop.id, order.id));
    });
    await expectPlain();
  });

  it("drops a variant when a cost is entered effective on or before its sales, keeps it for a later day, and brings it back when deleted", async () => {
    const later = await addProductCost(shop, {
      productName: "Cost later",
      sku: "L1",
      costPerUnit: "9.00",
      effectiveFrom: "2026-05-01",
    });
    // Effective after the sale: the May lines stay uncosted (decision 078).
    const dated = await addProductCost(shop, {
      productName: "Dated",
      sku: "D1",
      costPerUnit: "12.00",
      effectiveFrom: "2026-06-15",
    });
    const may = await missingCosts(shop.id, RANGES[1]);
    expect(may.variants.map((v) => v.sku ?? v.productName)).toEqual(["D1", "Gift wrap"]);
    // Effective today (the form's default): earlier sales stay uncosted.
    const today = await addProductCost(shop, { productName: "Dated", sku: "D1", costPerUnit: "11.00" });
    expect((await missingCosts(shop.id, RANGES[1])).variants.map((v) => v.sku ?? v.productName)).toEqual([
      "D1",
      "Gift wrap",
    ]);
    await deleteProductCost(shop, today.id);
    await expectPlain();
    // A cost by product name (no SKU) covers the product's lines too.
    const byName = await addProductCost(shop, { productName: "no cost", costPerUnit: "3.00" });
    await expectPlain();
    await updateProductCost(shop, dated.id, { productName: "Dated", sku: "OTHER", costPerUnit: "12.00" });
    await expectPlain();
    await deleteProductCost(shop, later.id);
    await deleteProductCost(shop, byName.id);
    expect((await missingCosts(shop.id, RANGES[1])).variants.map((v) => v.sku ?? v.productName)).toEqual([
      "D1",
      "L1",
      "Gift wrap",
    ]);
    await expectPlain();
  });

  it("is rebuilt to the rows the writes left, and still equals the plain scan", async () => {
    const live = await variantRows(shop.id);
    await rebuildRollups(shop.id);
    expect(await variantRows(shop.id)).toEqual(live);
    await expectPlain();
  });
});
