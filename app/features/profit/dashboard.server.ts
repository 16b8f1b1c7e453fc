// Dashboard figures for a shop, computed from the daily rollups only (never the
// orders table), for a period ending today and the period of the same length before.
import { prisma, sqlOn } from "~/db.server";
import { figuresCache } from "~/platform/cache.server";
import { dayInZone, eachDay, periodsEndingOn, type DayRange } from "~/lib/dates";
import { honestChange, isComparable } from "~/features/profit/comparison";
import { bucketSizeFor, bucketTrend, type Trend, type WeekStart } from "~/features/profit/trend-buckets";
import { missingCosts } from "~/features/profit/missing-costs.server";
import type { MissingCount } from "~/features/profit/missing-costs";
import { splitRange } from "~/features/profit/rollup-ranges";
import {
  EMPTY_TOTALS,
  addTotals,
  computeProfit,
  expensesByDay,
  expensesInRange,
  type ExpenseInput,
  type PeriodTotals,
  type ProfitFigures,
} from "~/features/profit/profit";

import { parseTimeframe, TIMEFRAMES, type Timeframe } from "~/lib/timeframe";
export { parseTimeframe, TIMEFRAMES, type Timeframe };

type ShopRef = { id: string; timezone: string; currency: string };

export function todayFor(shop: ShopRef, now = new Date()): string {
  return dayInZone(now, shop.timezone);
}

const ROLLUP_COLUMNS = [
  "day",
  "ordersCount",
  "grossSalesMinor",
  "discountsMinor",
  "refundsMinor",
  "shippingMinor",
  "taxesMinor",
  "cogsMinor",
  "uncostedUnits",
  "shippingCostMinor",
  "paymentFeesMinor",
  "adSpendMinor",
  "sessions",
  "loyaltyCostMinor",
] as const;

type RollupRow = PeriodTotals & { day: string };

/**
 * The daily rollups of a range, oldest first. Every dashboard, P&L and comparison reads up to
 * two years of them: a typed statement, since the model API's per-row mapping cost more than the
 * read itself (docs/decisions/111-per-request-reads.md).
 */
export async function loadRollups(shopId: string, range: DayRange): Promise<RollupRow[]> {
  return sqlOn()
    .selectFrom("DailyRollup")
    .select(ROLLUP_COLUMNS)
    .where("shopId", "=", shopId)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .orderBy("day", "asc")
    .execute();
}

export async function loadExpenses(shopId: string, upTo: string): Promise<ExpenseInput[]> {
  return prisma.operatingExpense.findMany({
    where: { shopId, date: { lte: upTo } },
    select: { amountMinor: true, date: true, recurring: true, recurringInterval: true },
  });
}

export function sumRange(rows: RollupRow[], range: DayRange): PeriodTotals {
  let totals = EMPTY_TOTALS;
  for (const r of rows) if (r.day >= range.from && r.day <= range.to) totals = addTotals(totals, r);
  return totals;
}

/** The first day the shop has an order (from the rollups), or null when it has none. */
export async function firstDataDay(shopId: string): Promise<string | null> {
  const row = await prisma.dailyRollup.findFirst({
    where: { shopId, ordersCount: { gt: 0 } },
    orderBy: { day: "asc" },
    select: { day: true },
  });
  return row?.day ?? null;
}

export type ProfitComparison = {
  range: DayRange;
  previousRange: DayRange;
  /** Whether the previous period has enough data for a change to mean something (comparison.ts). */
  comparable: boolean;
  current: ProfitFigures;
  previous: ProfitFigures;
};

export async function getProfitComparison(
  shop: ShopRef,
  days: number,
  now = new Date(),
): Promise<
  ProfitComparison & {
    rows: RollupRow[];
    expenses: ExpenseInput[];
  }
> {
  const { current, previous } = periodsEndingOn(todayFor(shop, now), days);
  const [rows, expenses, first] = await Promise.all([
    loadRollups(shop.id, { from: previous.from, to: current.to }),
    loadExpenses(shop.id, current.to),
    firstDataDay(shop.id),
  ]);
  return {
    range: current,
    previousRange: previous,
    comparable: isComparable(previous, first),
    current: computeProfit(sumRange(rows, current), expensesInRange(expenses, current)),
    previous: computeProfit(sumRange(rows, previous), expensesInRange(expenses, previous)),
    rows,
    expenses,
  };
}

export type MetricKey = "revenue" | "orders" | "conversionRate" | "averageOrderValue" | "netProfit" | "totalCosts";

export type Metric = { key: MetricKey; value: number | null; previous: number | null; change: number | null };

function metricsOf(c: ProfitFigures, p: ProfitFigures, comparable: boolean): Metric[] {
  const pairs: [MetricKey, number | null, number | null][] = [
    ["revenue", c.revenueMinor, p.revenueMinor],
    ["orders", c.ordersCount, p.ordersCount],
    ["conversionRate", c.conversionRate, p.conversionRate],
    ["averageOrderValue", c.averageOrderValueMinor, p.averageOrderValueMinor],
    ["netProfit", c.netProfitMinor, p.netProfitMinor],
    ["totalCosts", c.totalCostsMinor, p.totalCostsMinor],
  ];
  return pairs.map(([key, value, previous]) => ({
    key,
    value,
    previous,
    change: honestChange(value, previous, comparable),
  }));
}

/** Revenue and net profit per day (per week for a year, so the chart stays readable). */
function trendSeries(
  rows: RollupRow[],
  expenses: ExpenseInput[],
  range: DayRange,
  days: number,
  weekStart: WeekStart,
): Trend {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const opex = expensesByDay(expenses, range);
  const daily = eachDay(range).map((day) => {
    const figures = computeProfit({ ...EMPTY_TOTALS, ...byDay.get(day) }, opex.get(day) ?? 0);
    return { day, revenueMinor: figures.revenueMinor, netProfitMinor: figures.netProfitMinor };
  });
  return bucketTrend(daily, bucketSizeFor(days), range.to, weekStart);
}

export type TopProduct = {
  id: string;
  title: string;
  category: string;
  imageUrl: string | null;
  unitsSold: number;
  revenueMinor: number;
  /** Change in revenue against the previous period; null when not comparable or new. */
  growth: number | null;
  /** Sold in this period and not in a comparable previous one. */
  isNew: boolean;
};

type ProductSum = { revenueMinor: number; units: number; uncostedUnits: number };

/**
 * Units, revenue and uncosted units per product over a day range: whole months
 * from ProductMonthlyRollup, the days before and after them from ProductDailyRollup
 * (see rollup-ranges.ts). With `onlyIds` (at most 3), just those products.
 */
async function productSums(shopId: string, range: DayRange, onlyIds?: string[]): Promise<Map<string, ProductSum>> {
  const { months, days } = splitRange(range);
  const q = sqlOn();
  const columns = ["productId", "revenueMinor", "units", "uncostedUnits"] as const;
  const byDay = days.map((d) =>
    q
      .selectFrom("ProductDailyRollup")
      .select(columns)
      .where("shopId", "=", shopId)
      .where("day", ">=", d.from)
      .where("day", "<=", d.to)
      .$if(onlyIds !== undefined, (qb) => qb.where("productId", "in", onlyIds ?? [])),
  );
  const parts = months
    ? q
        .selectFrom("ProductMonthlyRollup")
        .select(columns)
        .where("shopId", "=", shopId)
        .where("month", ">=", months.from)
        .where("month", "<=", months.to)
        .$if(onlyIds !== undefined, (qb) => qb.where("productId", "in", onlyIds ?? []))
        .unionAll(byDay)
    : byDay[0]?.unionAll(byDay.slice(1));
  if (!parts || onlyIds?.length === 0) return new Map();
  const rows = await q
    .selectFrom(parts.as("t"))
    .select((eb) => [
      "t.productId",
      eb.fn.sum<number>("t.revenueMinor").as("revenueMinor"),
      eb.fn.sum<number>("t.units").as("units"),
      eb.fn.sum<number>("t.uncostedUnits").as("uncostedUnits"),
    ])
    .groupBy("t.productId")
    .execute();
  return new Map(rows.map(({ productId, ...sum }) => [productId, sum]));
}

async function topProducts(
  shopId: string,
  current: Map<string, ProductSum>,
  previous: DayRange,
  comparable: boolean,
): Promise<TopProduct[]> {
  // Highest revenue first; ties by id so the order is stable.
  const top = [...current]
    // Lines without a product are kept under "" in the product rollups (the Products report's row).
    .filter(([productId]) => productId !== "")
    .sort(([ia, a], [ib, b]) => b.revenueMinor - a.revenueMinor || (ia < ib ? -1 : ia > ib ? 1 : 0))
    .slice(0, 3);
  if (top.length === 0) return [];
  const ids = top.map(([id]) => id);
  const [products, before] = await Promise.all([
    prisma.product.findMany({
      where: { shopId, id: { in: ids } },
      select: { id: true, title: true, category: true, imageUrl: true },
    }),
    productSums(shopId, previous, ids),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  return top.flatMap(([productId, sum]) => {
    const p = byId.get(productId);
    if (!p) return [];
    return [
      {
        ...p,
        unitsSold: sum.units,
        revenueMinor: sum.revenueMinor,
        growth: honestChange(sum.revenueMinor, before.get(productId)?.revenueMinor ?? null, comparable),
        isNew: comparable && !before.get(productId)?.units,
      },
    ];
  });
}

export type Dashboard = {
  days: Timeframe;
  currency: string;
  range: DayRange;
  metrics: Metric[];
  profit: ProfitFigures;
  comparable: boolean;
  /** Variants sold in the period with no cost, of all variants sold (missing-costs.server.ts). */
  missingCosts: MissingCount;
  trend: Trend;
  topProducts: TopProduct[];
};

/** How the shop's settings shape the figures (Settings → General). */
export type DashboardOptions = { weekStart: WeekStart };

const DEFAULT_OPTIONS: DashboardOptions = { weekStart: "sunday" };

export async function getDashboard(
  shop: ShopRef,
  days: Timeframe,
  now = new Date(),
  options: DashboardOptions = DEFAULT_OPTIONS,
): Promise<Dashboard> {
  const range = periodsEndingOn(todayFor(shop, now), days).current;
  const [comparison, sums, missing] = await Promise.all([
    getProfitComparison(shop, days, now),
    productSums(shop.id, range),
    missingCosts(shop.id, range),
  ]);
  const top = await topProducts(shop.id, sums, comparison.previousRange, comparison.comparable);
  return {
    days,
    currency: shop.currency,
    range: comparison.range,
    metrics: metricsOf(comparison.current, comparison.previous, comparison.comparable),
    profit: comparison.current,
    comparable: comparison.comparable,
    missingCosts: {
      missing: missing.variants.length,
      sold: missing.sold,
      unknownFeeOrders: missing.unknownFeeOrders,
      unknownLabelOrders: missing.unknownLabelOrders,
      orders: missing.orders,
    },
    trend: trendSeries(comparison.rows, comparison.expenses, comparison.range, days, options.weekStart),
    topProducts: top,
  };
}

/** The freshness window for analytics (docs/product/dashboard.md#freshness); the data version catches every write first. */
const DASHBOARD_TTL_MS = 5 * 60_000;

/**
 * getDashboard, cached per shop, timeframe and day. `shop` must be the row loaded for
 * this request: its dataVersion tells whether anything changed since the figures were computed.
 */
export function getDashboardCached(
  shop: ShopRef & { dataVersion: number },
  days: Timeframe,
  options: DashboardOptions = DEFAULT_OPTIONS,
): Promise<Dashboard> {
  // The zone is in the key too: a new reporting time zone moves every day boundary.
  const key = `dashboard|${shop.id}|${days}|${shop.timezone}|${todayFor(shop)}|${options.weekStart}`;
  return figuresCache.get(key, shop.dataVersion, DASHBOARD_TTL_MS, () => getDashboard(shop, days, new Date(), options));
}

/** One day's figures (the daily summary e-mail): revenue, orders, net profit, and the units sold without a cost. */
export async function getDayFigures(
  shop: ShopRef,
  day: string,
): Promise<ProfitFigures & { uncostedUnits: number; currency: string }> {
  const range = { from: day, to: day };
  const [rows, expenses] = await Promise.all([loadRollups(shop.id, range), loadExpenses(shop.id, day)]);
  const totals = sumRange(rows, range);
  return {
    ...computeProfit(totals, expensesInRange(expenses, range)),
    uncostedUnits: totals.uncostedUnits,
    currency: shop.currency,
  };
}
