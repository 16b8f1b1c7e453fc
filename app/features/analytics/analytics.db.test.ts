// The Analytics screen's figures on the database: equal to a direct computation from the
// orders and refunds tables for every timeframe, kept right by live updates (the same as a
// rebuild), and never reaching another shop's data.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { applyOrderChange, loadOrderState, rebuildRollups, recordRefund } from "~/features/profit/index.server";
import { getAnalytics } from "~/features/analytics/index.server";
import { analyticsPeriods, TIMEFRAME_KEYS } from "~/features/analytics";
import { addDays } from "~/lib/dates";

const NOW = new Date("2026-06-30T12:00:00Z");
const TODAY = "2026-06-30";
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
/** The dimension rollups as the live updates left them, before any rebuild. */
let liveSnapshot: Awaited<ReturnType<typeof snapshot>>;
/** The monthly rollup, and the daily rows summed per month, as the live updates left them. */
let liveMonths: { stored: Awaited<ReturnType<typeof months>>; fromDays: Awaited<ReturnType<typeof months>> };

const SOURCES = ["organic_search", "direct", "social", "email", null, "paid_search", "paid_social"];
/** Paid orders carry their ad channel (decision 093): the adChannel dimension must agree live and rebuilt. */
const CHANNELS: Record<string, string> = { paid_search: "google", paid_social: "meta" };
const PLACES = [
  ["United States", "California"],
  ["United States", "New York"],
  ["Canada", "Ontario"],
  ["United Kingdom", "England"],
  [null, null],
] as const;

async function snapshot(shopId: string) {
  const rows = await prisma.dimensionDayRollup.findMany({
    where: { shopId },
    orderBy: [{ dimension: "asc" }, { day: "asc" }, { key: "asc" }, { sub: "asc" }],
    omit: { id: true },
  });
  return rows.filter(
    (r) => r.ordersCount || r.grossSalesMinor || r.discountsMinor || r.refundsMinor || r.shippingMinor,
  );
}

type Sums = {
  ordersCount: number;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
};
const nonZero = (r: Sums) =>
  r.ordersCount || r.grossSalesMinor || r.discountsMinor || r.refundsMinor || r.shippingMinor;

/** The monthly dimension rollup as stored, rows of all zeros left out. */
async function months(shopId: string) {
  const rows = await prisma.dimensionMonthRollup.findMany({ where: { shopId }, omit: { shopId: true } });
  return rows
    .filter(nonZero)
    .sort((a, b) =>
      `${a.dimension}|${a.month}|${a.key}|${a.sub}`.localeCompare(`${b.dimension}|${b.month}|${b.key}|${b.sub}`),
    );
}

/** The daily dimension rows summed per calendar month, in the same form. */
async function dailyByMonth(shopId: string) {
  const sums = new Map<string, Sums & { dimension: string; month: string; key: string; sub: string }>();
  for (const r of await prisma.dimensionDayRollup.findMany({ where: { shopId } })) {
    const month = r.day.slice(0, 7);
    const k = `${r.dimension}|${month}|${r.key}|${r.sub}`;
    const row = sums.get(k) ?? {
      dimension: r.dimension,
      month,
      key: r.key,
      sub: r.sub,
      ordersCount: 0,
      grossSalesMinor: 0,
      discountsMinor: 0,
      refundsMinor: 0,
      shippingMinor: 0,
    };
    row.ordersCount += r.ordersCount;
    row.grossSalesMinor += r.grossSalesMinor;
    row.discountsMinor += r.discountsMinor;
    row.refundsMinor += r.refundsMinor;
    row.shippingMinor += r.shippingMinor;
    sums.set(k, row);
  }
  return [...sums.values()]
    .filter(nonZero)
    .sort((a, b) =>
      `${a.dimension}|${a.month}|${a.key}|${a.sub}`.localeCompare(`${b.dimension}|${b.month}|${b.key}|${b.sub}`),
    );
}

/** Net sales and orders straight from the orders and refunds tables (refunds on their own day). */
async function direct(shopId: string, from: string, to: string) {
  const orders = await prisma.order.findMany({
    where: { shopId, cancelledAt: null, day: { gte: from, lte: to } },
    select: { grossSalesMinor: true, discountsMinor: true, source: true, country: true },
  });
  const refunds = await prisma.refund.findMany({
    where: { shopId, day: { gte: from, lte: to }, order: { cancelledAt: null } },
    select: { amountMinor: true, order: { select: { country: true } } },
  });
  const net =
    orders.reduce((s, o) => s + o.grossSalesMinor - o.discountsMinor, 0) -
    refunds.reduce((s, r) => s + r.amountMinor, 0);
  const bySource = new Map<string, number>();
  for (const o of orders) bySource.set(o.source ?? "unknown", (bySource.get(o.source ?? "unknown") ?? 0) + 1);
  const byCountry = new Map<string, number>();
  for (const o of orders) {
    const c = o.country ?? "Unknown country";
    byCountry.set(c, (byCountry.get(c) ?? 0) + o.grossSalesMinor - o.discountsMinor);
  }
  for (const r of refunds) {
    const c = r.order.country ?? "Unknown country";
    byCountry.set(c, (byCountry.get(c) ?? 0) - r.amountMinor);
  }
  return { orders: orders.length, net, bySource, byCountry };
}

beforeAll(async () => {
  shop = await createShop({ name: "Analytics" });
  other = await createShop({ name: "Other analytics" });
  const a = await createProduct(shop.id, { title: "Alpha", priceMinor: 120_00, unitCostMinor: 50_00 });
  const b = await createProduct(shop.id, { title: "Beta", priceMinor: 35_00, unitCostMinor: null });
  // 400 days of orders, one every 3 days, across sources and places; every 7th refunded
  // 10 days later; every 11th cancelled afterwards (live update).
  const created: string[] = [];
  for (let i = 0; i < 134; i++) {
    const day = addDays(TODAY, -i * 3);
    const [country, region] = PLACES[i % PLACES.length];
    const order = await createOrder(shop.id, day, [line(a, 1 + (i % 2)), line(b, i % 3)], {
      discountsMinor: (i % 4) * 5_00,
      shippingMinor: 7_00,
      source: SOURCES[i % SOURCES.length],
      adChannel: CHANNELS[SOURCES[i % SOURCES.length] ?? ""] ?? null,
      country,
      region,
    });
    created.push(order.id);
    if (i % 7 === 0 && i > 3) {
      const refundDay = addDays(day, 10);
      await recordRefund(prisma, shop.id, {
        orderId: order.id,
        processedAt: new Date(`${refundDay}T10:00:00Z`),
        day: refundDay,
        amountMinor: 20_00,
      });
    }
  }
  for (let i = 0; i < created.length; i += 11) {
    const before = await loadOrderState(prisma, shop.id, created[i]);
    await prisma.order.update({ where: { id: created[i] }, data: { cancelledAt: new Date(), source: "paid" } });
    await applyOrderChange(prisma, shop.id, before, await loadOrderState(prisma, shop.id, created[i]));
  }
  // A move of source and country by a live update.
  const moved = created[5];
  const before = await loadOrderState(prisma, shop.id, moved);
  await prisma.order.update({
    where: { id: moved },
    data: { source: "paid_social", adChannel: "tiktok", country: "Australia", region: "NSW" },
  });
  await applyOrderChange(prisma, shop.id, before, await loadOrderState(prisma, shop.id, moved));

  const days = Array.from({ length: 60 }, (_, i) => addDays(TODAY, -i));
  await prisma.trafficDay.createMany({
    data: days.flatMap((day) => [
      { shopId: shop.id, day, source: "organic_search", sessions: 42 },
      { shopId: shop.id, day, source: "direct", sessions: 28 },
    ]),
  });
  await prisma.funnelDay.createMany({
    data: days.map((day) => ({ shopId: shop.id, day, visitors: 70, productViews: 35, addToCart: 10, purchases: 2 })),
  });
  // Sessions reach the daily rollup as an import or the daily traffic job leaves them: by a rebuild.
  liveSnapshot = await snapshot(shop.id);
  liveMonths = { stored: await months(shop.id), fromDays: await dailyByMonth(shop.id) };
  await rebuildRollups(shop.id);
  // Another shop with big orders on the same days: never part of this shop's figures.
  const o = await createProduct(other.id, { title: "Other", priceMinor: 9_999_00 });
  for (let i = 0; i < 20; i++)
    await createOrder(other.id, addDays(TODAY, -i), [line(o, 3)], {
      source: "direct",
      country: "Canada",
      region: "Ontario",
    });
  await prisma.trafficDay.create({ data: { shopId: other.id, day: TODAY, source: "direct", sessions: 100_000 } });
});

describe("analytics figures against the orders table", () => {
  it.each(TIMEFRAME_KEYS)("agree for %s, with either comparison", async (timeframe) => {
    for (const comparison of ["previous", "yearAgo"] as const) {
      const a = await getAnalytics(shop, timeframe, comparison, NOW);
      const p = analyticsPeriods(TODAY, timeframe, comparison);
      const cur = await direct(shop.id, p.current.from, p.current.to);
      const cmp = await direct(shop.id, p.comparison.from, p.comparison.to);
      expect(a.figures.values.orders).toBe(cur.orders);
      expect(a.figures.values.netSales).toBe(cur.net);
      expect(a.figures.previous.orders).toBe(cmp.orders);
      expect(a.figures.previous.netSales).toBe(cmp.net);
      // The chart's points add up to the totals, less the days left out of the chart.
      const charted = a.trend.points.reduce((s, pt) => s + pt.orders, 0);
      expect(charted).toBeLessThanOrEqual(cur.orders);
      if (a.trend.leftOutDays === 0) expect(charted).toBe(cur.orders);
      for (const s of a.sources) expect(s.orders, s.source).toBe(cur.bySource.get(s.source) ?? 0);
      for (const c of a.countries) expect(c.netSalesMinor, c.country).toBe(cur.byCountry.get(c.country));
      expect(a.countries.reduce((s, c) => s + c.orders, 0)).toBe(cur.orders);
    }
  });

  it("computes sessions, conversion and the funnel from the traffic tables of this shop only", async () => {
    const a = await getAnalytics(shop, "7d", "previous", NOW);
    expect(a.figures.values.sessions).toBe(7 * 70);
    const organic = a.sources.find((s) => s.source === "organic_search")!;
    expect(organic.sessions).toBe(7 * 42);
    expect(organic.sessionShare).toBeCloseTo(0.6, 10);
    expect(a.funnel.map((s) => s.count)).toEqual([490, 245, 70, 14]);
    expect(a.funnel[1].stepRate).toBe(0.5);
    expect(a.funnel[3].visitorRate).toBeCloseTo(14 / 490, 10);
    expect(a.sources.find((s) => s.source === "direct")!.sessions).toBe(7 * 28);
  });

  it("live updates leave the dimension rollups exactly as a rebuild does", async () => {
    expect(liveSnapshot.length).toBeGreaterThan(100);
    expect(await snapshot(shop.id)).toEqual(liveSnapshot);
  });

  it("keeps the monthly dimension rollup equal to the daily rows summed per month, live and after a rebuild", async () => {
    // Live updates: new orders, refunds on their own day, cancellations and a moved order.
    expect(liveMonths.stored.length).toBeGreaterThan(50);
    expect(liveMonths.stored).toEqual(liveMonths.fromDays);
    // After the full rebuild (beforeAll), and equal to what the live updates left.
    const rebuilt = await months(shop.id);
    expect(rebuilt).toEqual(await dailyByMonth(shop.id));
    expect(rebuilt).toEqual(liveMonths.stored);
  });

  it("another shop's orders and sessions never appear", async () => {
    const a = await getAnalytics(other, "30d", "previous", NOW);
    expect(a.figures.values.orders).toBe(20);
    const mine = await getAnalytics(shop, "30d", "previous", NOW);
    expect(mine.sources.every((s) => s.sessions < 100_000)).toBe(true);
    expect(mine.countries.find((c) => c.country === "Canada")?.orders ?? 0).toBeLessThan(20);
  });
});
