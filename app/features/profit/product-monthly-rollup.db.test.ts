// ProductMonthlyRollup stays equal to the daily product rows summed per month,
// and the dashboard's product figures read through it match the daily rows.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { addDays, periodsEndingOn, type DayRange } from "~/lib/dates";
import { addProductCost } from "~/features/profit/costs.server";
import { getDashboard } from "~/features/profit/dashboard.server";
import { rebuildRollups } from "~/features/profit/rollups.server";
import { TIMEFRAMES } from "~/lib/timeframe";
import { PRODUCT_ROW_COLUMNS, emptyProductRow, type ProductRow } from "~/features/profit/rollup-bumps.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
const NOW = new Date("2026-06-17T15:00:00Z");

/** Shares of an order are fractions of a minor unit: sums in another order may differ in the last bits. */
const settled = (row: ProductRow) =>
  Object.fromEntries(PRODUCT_ROW_COLUMNS.map((c) => [c, Math.round(row[c] * 1e6) / 1e6])) as ProductRow;

async function monthlyFromDaily(shopId: string) {
  const daily = await prisma.productDailyRollup.findMany({ where: { shopId } });
  const sums = new Map<string, ProductRow>();
  for (const r of daily) {
    const k = `${r.day.slice(0, 7)}|${r.productId}`;
    const s = sums.get(k) ?? emptyProductRow();
    for (const c of PRODUCT_ROW_COLUMNS) s[c] += r[c];
    sums.set(k, s);
  }
  return [...sums].map(([k, s]) => ({ month: k.split("|")[0], productId: k.split("|")[1], ...settled(s) })).sort(byKey);
}

const byKey = (a: { month: string; productId: string }, b: { month: string; productId: string }) =>
  a.month.localeCompare(b.month) || a.productId.localeCompare(b.productId);

async function monthly(shopId: string) {
  const rows = await prisma.productMonthlyRollup.findMany({ where: { shopId }, omit: { shopId: true } });
  return rows.map(({ month, productId, ...sums }) => ({ month, productId, ...settled(sums) })).sort(byKey);
}

/** The dashboard's product figures computed straight from the daily rows (the reference). */
async function expectedProducts(shopId: string, current: DayRange, previous: DayRange) {
  const daily = await prisma.productDailyRollup.findMany({ where: { shopId } });
  const sum = (range: DayRange) => {
    const m = new Map<string, { units: number; revenueMinor: number; uncosted: number }>();
    for (const r of daily.filter((r) => r.day >= range.from && r.day <= range.to)) {
      const s = m.get(r.productId) ?? { units: 0, revenueMinor: 0, uncosted: 0 };
      s.units += r.units;
      s.revenueMinor += r.revenueMinor;
      s.uncosted += r.uncostedUnits;
      m.set(r.productId, s);
    }
    return m;
  };
  const now = sum(current);
  const before = sum(previous);
  const top = [...now].sort(([ia, a], [ib, b]) => b.revenueMinor - a.revenueMinor || ia.localeCompare(ib)).slice(0, 3);
  return {
    top: top.map(([id, s]) => {
      const prev = before.get(id)?.revenueMinor;
      return {
        id,
        unitsSold: s.units,
        revenueMinor: s.revenueMinor,
        growth: prev === undefined || prev === 0 ? null : (s.revenueMinor - prev) / Math.abs(prev),
      };
    }),
    uncosted: [...now.values()].filter((s) => s.uncosted > 0).length,
  };
}

beforeAll(async () => {
  shop = await createShop({ name: "Monthly" });
  other = await createShop({ name: "Other" });
  const items = [
    await createProduct(shop.id, { title: "Alpha", sku: "MA", priceMinor: 120_00, unitCostMinor: 50_00 }),
    await createProduct(shop.id, { title: "Beta", sku: "MB", priceMinor: 80_00, unitCostMinor: null }),
    await createProduct(shop.id, { title: "Gamma", sku: "MG", priceMinor: 45_00, unitCostMinor: 20_00 }),
    await createProduct(shop.id, { title: "Delta", sku: "MD", priceMinor: 200_00, unitCostMinor: null }),
  ];
  // Orders on month edges (1st, last day) and in between, over two years.
  let day = "2024-12-30";
  let i = 0;
  while (day <= "2026-06-17") {
    const a = items[i % items.length];
    const b = items[(i * 7 + 1) % items.length];
    await createOrder(shop.id, day, [line(a, 1 + (i % 3)), line(b, 1)]);
    day = addDays(day, [1, 3, 11, 17, 2][i % 5]);
    i++;
  }
  const x = await createProduct(other.id, { title: "Alpha", sku: "MA", priceMinor: 999_00, unitCostMinor: null });
  await createOrder(other.id, "2026-06-01", [line(x, 9)]);
});

describe("ProductMonthlyRollup", () => {
  it("equals the daily product rows summed per month after incremental writes", async () => {
    const rows = await monthly(shop.id);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows).toEqual(await monthlyFromDaily(shop.id));
  });

  it("moves with the daily rows when a cost entered in the app re-costs past sales", async () => {
    const beta = (await prisma.product.findFirstOrThrow({ where: { shopId: shop.id, title: "Beta" } })).id;
    const before = await monthly(shop.id);
    expect(before.some((r) => r.productId === beta && r.uncostedUnits > 0)).toBe(true);
    // A cost dated before a product's first sale costs every sale it had without one.
    await addProductCost(shop, { productName: "Beta", sku: "MB", costPerUnit: "30.00", effectiveFrom: "2000-01-01" });
    const rows = await monthly(shop.id);
    expect(rows).toEqual(await monthlyFromDaily(shop.id));
    expect(rows.filter((r) => r.productId === beta).every((r) => r.uncostedUnits === 0)).toBe(true);
    expect(rows.some((r) => r.uncostedUnits > 0)).toBe(true);
  });

  it("is rebuilt with the other rollups to the same rows", async () => {
    const incremental = await monthly(shop.id);
    await rebuildRollups(shop.id);
    expect(await monthly(shop.id)).toEqual(incremental);
  });

  it("gives the dashboard the same top products as the daily rows, for every timeframe", async () => {
    for (const days of TIMEFRAMES) {
      const { current, previous } = periodsEndingOn("2026-06-17", days);
      const expected = await expectedProducts(shop.id, current, previous);
      const d = await getDashboard(shop, days, NOW);
      expect(d.topProducts.map((p) => ({ id: p.id, unitsSold: p.unitsSold, revenueMinor: p.revenueMinor }))).toEqual(
        expected.top.map(({ id, unitsSold, revenueMinor }) => ({ id, unitsSold, revenueMinor })),
      );
      d.topProducts.forEach((p, k) => {
        const g = expected.top[k].growth;
        // A change is shown only against a comparable previous period (comparison.ts).
        if (g === null || !d.comparable) expect(p.growth).toBeNull();
        else expect(p.growth).toBeCloseTo(g, 10);
      });
    }
  });

  it("keeps shops apart", async () => {
    const rows = await prisma.productMonthlyRollup.findMany({ where: { shopId: other.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ month: "2026-06", units: 9, revenueMinor: 8991_00, uncostedUnits: 9 });
  });
});
