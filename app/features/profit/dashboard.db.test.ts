// The profit formula end to end on the database, against figures computed by hand
// (docs/profit-formula.md walks through the same example).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { getDashboard, getDashboardCached } from "~/features/profit/dashboard.server";
import { addOperatingExpense, addProductCost } from "~/features/profit/costs.server";
import { rebuildRollups, recordRefund } from "~/features/profit/rollups.server";

const NOW = new Date("2026-06-30T12:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;

const metric = (d: Awaited<ReturnType<typeof getDashboard>>, key: string) => d.metrics.find((m) => m.key === key)!;

async function rollupSnapshot(shopId: string) {
  const days = await prisma.dailyRollup.findMany({ where: { shopId }, orderBy: { day: "asc" }, omit: { id: true } });
  const products = await prisma.productDailyRollup.findMany({
    where: { shopId },
    orderBy: [{ day: "asc" }, { productId: "asc" }],
    omit: { id: true },
  });
  return {
    days: days.filter((d) => Object.entries(d).some(([k, v]) => k !== "day" && k !== "shopId" && v !== 0)),
    products: products.filter((p) => p.units || p.revenueMinor || p.uncostedUnits),
  };
}

beforeAll(async () => {
  shop = await createShop({ name: "Hand Computed" });
  other = await createShop({ name: "Other shop" });
  const a = await createProduct(shop.id, { title: "Alpha", sku: "A", priceMinor: 100_00, unitCostMinor: 40_00 });
  const b = await createProduct(shop.id, { title: "Beta", sku: "B", priceMinor: 50_00, unitCostMinor: null });
  const first = await createOrder(shop.id, "2026-06-10", [line(a, 2), line(b, 1)], {
    discountsMinor: 10_00,
    shippingMinor: 5_00,
    taxesMinor: 8_00,
    shippingCostMinor: 4_00,
    paymentFeesMinor: 3_00,
  });
  await createOrder(shop.id, "2026-06-20", [line(a, 1)]);
  await createOrder(shop.id, "2026-05-15", [line(a, 1)]);
  // The shop's first sale, outside every period but the 90-day one's previous period:
  // it makes the 30-day previous period comparable (comparison.ts), not the 90-day one.
  await createOrder(shop.id, "2026-03-01", [line(a, 1)]);
  await recordRefund(prisma, shop.id, {
    orderId: first.id,
    processedAt: new Date("2026-06-25T09:00:00Z"),
    day: "2026-06-25",
    amountMinor: 20_00,
  });
  await prisma.adSpendDay.create({
    data: { shopId: shop.id, day: "2026-06-10", channel: "google_ads", amountMinor: 30_00 },
  });
  await prisma.trafficDay.createMany({
    data: [
      { shopId: shop.id, day: "2026-06-10", source: "organic_search", sessions: 100 },
      { shopId: shop.id, day: "2026-06-20", source: "direct", sessions: 50 },
    ],
  });
  await prisma.operatingExpense.createMany({
    data: [
      {
        shopId: shop.id,
        category: "rent",
        description: "Studio",
        amountMinor: 50_00,
        date: "2026-06-15",
        recurring: false,
      },
      {
        shopId: shop.id,
        category: "labor",
        description: "Packing help",
        amountMinor: 70_00,
        date: "2026-06-24",
        recurring: true,
        recurringInterval: "weekly",
      },
    ],
  });
  // Ad spend and traffic are written directly here; bring their rollups in line.
  await rebuildRollups(shop.id);
  // Noise in another shop must never leak in.
  const x = await createProduct(other.id, { sku: "A", priceMinor: 999_00, unitCostMinor: 1_00 });
  await createOrder(other.id, "2026-06-12", [line(x, 5)]);
});

describe("dashboard figures", () => {
  it("match the hand-computed example", async () => {
    const d = await getDashboard(shop, 30, NOW);
    expect(d.range).toEqual({ from: "2026-06-01", to: "2026-06-30" });
    // revenue = 350 gross − 10 discounts − 20 refund + 5 shipping
    expect(metric(d, "revenue").value).toBe(325_00);
    expect(metric(d, "orders").value).toBe(2);
    expect(metric(d, "conversionRate").value).toBeCloseTo(2 / 150, 10);
    // net sales ÷ orders = (350 − 10 − 20) / 2
    expect(metric(d, "averageOrderValue").value).toBe(160_00);
    // costs = 120 COGS (3 × Alpha at 40; Beta unknown) + 30 ads + 50 rent + 70 weekly labor (7 days) + 4 shipping + 3 fees
    expect(metric(d, "totalCosts").value).toBe(277_00);
    expect(metric(d, "netProfit").value).toBe(48_00);
    expect(d.profit.profitMargin).toBeCloseTo(48 / 325, 10);
    expect(d.missingCosts).toMatchObject({ missing: 1, sold: 2, unknownFeeOrders: 0 });
    expect(d.comparable).toBe(true);
    // previous period: one Alpha sold, 100 revenue, 40 COGS
    expect(metric(d, "revenue").previous).toBe(100_00);
    expect(metric(d, "revenue").change).toBeCloseTo(2.25, 10);
    expect(metric(d, "netProfit").previous).toBe(60_00);
    expect(metric(d, "netProfit").change).toBeCloseTo(-0.2, 10);
  });

  it("ranks top products with units, revenue and growth", async () => {
    const d = await getDashboard(shop, 30, NOW);
    expect(d.topProducts.map((p) => [p.title, p.unitsSold, p.revenueMinor])).toEqual([
      ["Alpha", 3, 300_00],
      ["Beta", 1, 50_00],
    ]);
    expect(d.topProducts[0].growth).toBeCloseTo(2, 10);
    expect(d.topProducts[1].growth).toBeNull();
    expect(d.topProducts.map((p) => p.isNew)).toEqual([false, true]);
  });

  it("puts the refund on the refund's day and profit on each day of the trend", async () => {
    const d = await getDashboard(shop, 30, NOW);
    expect(d.trend.points).toHaveLength(30);
    expect(d.trend.points.at(-1)).toMatchObject({ day: "2026-06-30", soFar: true });
    const day = (x: string) => d.trend.points.find((p) => p.day === x)!;
    expect(day("2026-06-25").revenueMinor).toBe(-20_00);
    expect(day("2026-06-10").revenueMinor).toBe(245_00);
    const sum = d.trend.points.reduce((s, p) => s + p.netProfitMinor, 0);
    expect(sum).toBeCloseTo(48_00, 0);
  });

  it("a later timeframe shows more history", async () => {
    const d90 = await getDashboard(shop, 90, NOW);
    expect(metric(d90, "orders").value).toBe(3);
    expect(d90.trend.points).toHaveLength(90);
    // Its previous period (2 Jan – 1 Apr) has data from 1 March only: no change is shown.
    expect(d90.comparable).toBe(false);
    expect(d90.metrics.every((m) => m.change === null)).toBe(true);
    expect(d90.topProducts.every((p) => p.growth === null && !p.isNew)).toBe(true);
  });

  // Calendar weeks (Settings → General, "Weeks start on Monday"; Sunday when off). The
  // year ends on Tuesday 30 June 2026 and starts on Tuesday 1 July 2025.
  it("a year is drawn in calendar weeks from Sunday, this week so far, the days before the first Sunday left out of the chart only", async () => {
    const d = await getDashboard(shop, 365, NOW);
    expect(d.trend).toMatchObject({ bucketDays: 7, weekStart: "sunday", leftOutDays: 5 });
    expect(d.trend.points).toHaveLength(52);
    expect(d.trend.points.slice(0, -1).every((p) => p.days === 7)).toBe(true);
    expect(d.trend.points[0].day).toBe("2025-07-06");
    expect(d.trend.points.at(-1)).toMatchObject({ day: "2026-06-28", to: "2026-06-30", days: 3, soFar: true });
  });

  it("weeks start on Monday when the shop says so", async () => {
    const d = await getDashboard(shop, 365, NOW, { weekStart: "monday" });
    expect(d.trend).toMatchObject({ weekStart: "monday", leftOutDays: 6 });
    expect(d.trend.points).toHaveLength(52);
    expect(d.trend.points.every((p) => new Date(`${p.day}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(d.trend.points.at(-1)).toMatchObject({ day: "2026-06-29", to: "2026-06-30", days: 2, soFar: true });
  });
});

describe("costs entered in the app", () => {
  it("cost sales from their effective day only: an earlier unknown cost stays unknown, a known one is kept", async () => {
    // Beta sold on 10 June: a cost from 21 June leaves that sale uncosted (decision 078).
    await addProductCost(shop, { productName: "Beta", sku: "B", costPerUnit: "20.00", effectiveFrom: "2026-06-21" });
    let d = await getDashboard(shop, 30, NOW);
    expect(d.missingCosts).toMatchObject({ missing: 1, sold: 2, unknownFeeOrders: 0 });
    expect(metric(d, "netProfit").value).toBe(48_00);
    await addProductCost(shop, { productName: "Beta", sku: "B", costPerUnit: "20.00", effectiveFrom: "2026-06-01" });
    d = await getDashboard(shop, 30, NOW);
    expect(d.missingCosts).toMatchObject({ missing: 0, sold: 2, unknownFeeOrders: 0 });
    expect(metric(d, "netProfit").value).toBe(28_00);

    await addProductCost(shop, { productName: "Alpha", sku: "A", costPerUnit: "50", effectiveFrom: "2026-06-15" });
    d = await getDashboard(shop, 30, NOW);
    // Only the 20 June Alpha (1 unit) is re-costed: +10 COGS. 10 June keeps its 40 snapshot.
    expect(metric(d, "netProfit").value).toBe(18_00);
    expect(metric(d, "netProfit").previous).toBe(60_00);
  });

  it("incremental rollups equal a full rebuild", async () => {
    const incremental = await rollupSnapshot(shop.id);
    await rebuildRollups(shop.id);
    expect(await rollupSnapshot(shop.id)).toEqual(incremental);
  });

  it("never touches another shop's figures", async () => {
    const d = await getDashboard(other, 30, NOW);
    expect(metric(d, "revenue").value).toBe(4995_00);
    expect(metric(d, "totalCosts").value).toBe(5_00);
  });
});

describe("cached dashboard figures", () => {
  it("are reused until a write changes the shop's data version", async () => {
    const fresh = () => prisma.shop.findUniqueOrThrow({ where: { id: other.id } });
    const first = await getDashboardCached(await fresh(), 30);
    expect(await getDashboardCached(await fresh(), 30)).toBe(first);
    const today = new Date().toISOString().slice(0, 10);
    await addOperatingExpense(other, {
      category: "rent",
      description: "Desk",
      amount: "12.00",
      date: today,
      recurring: false,
    });
    const after = await getDashboardCached(await fresh(), 30);
    expect(after).not.toBe(first);
    expect(
      after.metrics.find((m) => m.key === "totalCosts")!.value! -
        first.metrics.find((m) => m.key === "totalCosts")!.value!,
    ).toBe(12_00);
  });
});
