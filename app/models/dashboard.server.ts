// Dashboard figures for a shop, computed from the daily rollups only (never the
// orders table), for a period ending today and the period of the same length before.
import { prisma } from "../db.server";
import { dayInZone, eachDay, periodsEndingOn, type DayRange } from "../lib/dates";
import {
  EMPTY_TOTALS,
  addTotals,
  computeProfit,
  expensesByDay,
  expensesInRange,
  relativeChange,
  type ExpenseInput,
  type PeriodTotals,
  type ProfitFigures,
} from "./profit";

import { parseTimeframe, TIMEFRAMES, type Timeframe } from "../lib/timeframe";
export { parseTimeframe, TIMEFRAMES, type Timeframe };

type ShopRef = { id: string; timezone: string; currency: string };

export function todayFor(shop: ShopRef, now = new Date()): string {
  return dayInZone(now, shop.timezone);
}

const ROLLUP_FIELDS = {
  day: true,
  ordersCount: true,
  grossSalesMinor: true,
  discountsMinor: true,
  refundsMinor: true,
  shippingMinor: true,
  taxesMinor: true,
  cogsMinor: true,
  uncostedUnits: true,
  shippingCostMinor: true,
  paymentFeesMinor: true,
  adSpendMinor: true,
  sessions: true,
} as const;

type RollupRow = PeriodTotals & { day: string };

async function loadRollups(shopId: string, range: DayRange): Promise<RollupRow[]> {
  return prisma.dailyRollup.findMany({
    where: { shopId, day: { gte: range.from, lte: range.to } },
    select: ROLLUP_FIELDS,
    orderBy: { day: "asc" },
  });
}

async function loadExpenses(shopId: string, upTo: string): Promise<ExpenseInput[]> {
  return prisma.operatingExpense.findMany({
    where: { shopId, date: { lte: upTo } },
    select: { amountMinor: true, date: true, recurring: true, recurringInterval: true },
  });
}

function sumRange(rows: RollupRow[], range: DayRange): PeriodTotals {
  let totals = EMPTY_TOTALS;
  for (const r of rows) if (r.day >= range.from && r.day <= range.to) totals = addTotals(totals, r);
  return totals;
}

export type ProfitComparison = {
  range: DayRange;
  previousRange: DayRange;
  current: ProfitFigures;
  previous: ProfitFigures;
};

export async function getProfitComparison(shop: ShopRef, days: number, now = new Date()): Promise<ProfitComparison & {
  rows: RollupRow[];
  expenses: ExpenseInput[];
}> {
  const { current, previous } = periodsEndingOn(todayFor(shop, now), days);
  const [rows, expenses] = await Promise.all([
    loadRollups(shop.id, { from: previous.from, to: current.to }),
    loadExpenses(shop.id, current.to),
  ]);
  return {
    range: current,
    previousRange: previous,
    current: computeProfit(sumRange(rows, current), expensesInRange(expenses, current)),
    previous: computeProfit(sumRange(rows, previous), expensesInRange(expenses, previous)),
    rows,
    expenses,
  };
}

export type MetricKey = "revenue" | "orders" | "conversionRate" | "averageOrderValue" | "netProfit" | "totalCosts";

export type Metric = { key: MetricKey; value: number | null; previous: number | null; change: number | null };

function metricsOf(c: ProfitFigures, p: ProfitFigures): Metric[] {
  const pairs: [MetricKey, number | null, number | null][] = [
    ["revenue", c.revenueMinor, p.revenueMinor],
    ["orders", c.ordersCount, p.ordersCount],
    ["conversionRate", c.conversionRate, p.conversionRate],
    ["averageOrderValue", c.averageOrderValueMinor, p.averageOrderValueMinor],
    ["netProfit", c.netProfitMinor, p.netProfitMinor],
    ["totalCosts", c.totalCostsMinor, p.totalCostsMinor],
  ];
  return pairs.map(([key, value, previous]) => ({ key, value, previous, change: relativeChange(value, previous) }));
}

export type TrendPoint = { day: string; revenueMinor: number; netProfitMinor: number };

/** Revenue and net profit per day (per week for a year, so the chart stays readable). */
function trendSeries(rows: RollupRow[], expenses: ExpenseInput[], range: DayRange): TrendPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const opex = expensesByDay(expenses, range);
  const daily = eachDay(range).map((day) => {
    const figures = computeProfit({ ...EMPTY_TOTALS, ...byDay.get(day) }, opex.get(day) ?? 0);
    return { day, revenueMinor: figures.revenueMinor, netProfitMinor: figures.netProfitMinor };
  });
  const bucket = daily.length > 120 ? 7 : 1;
  if (bucket === 1) return daily;
  const out: TrendPoint[] = [];
  for (let i = 0; i < daily.length; i += bucket) {
    const chunk = daily.slice(i, i + bucket);
    out.push({
      day: chunk[0].day,
      revenueMinor: chunk.reduce((s, p) => s + p.revenueMinor, 0),
      netProfitMinor: chunk.reduce((s, p) => s + p.netProfitMinor, 0),
    });
  }
  return out;
}

export type TopProduct = {
  id: string;
  title: string;
  category: string;
  imageUrl: string | null;
  unitsSold: number;
  revenueMinor: number;
  growth: number | null;
};

async function topProducts(shopId: string, current: DayRange, previous: DayRange): Promise<TopProduct[]> {
  const top = await prisma.productDailyRollup.groupBy({
    by: ["productId"],
    where: { shopId, day: { gte: current.from, lte: current.to } },
    _sum: { revenueMinor: true, units: true },
    orderBy: { _sum: { revenueMinor: "desc" } },
    take: 3,
  });
  if (top.length === 0) return [];
  const ids = top.map((t) => t.productId);
  const [products, before] = await Promise.all([
    prisma.product.findMany({ where: { shopId, id: { in: ids } }, select: { id: true, title: true, category: true, imageUrl: true } }),
    prisma.productDailyRollup.groupBy({
      by: ["productId"],
      where: { shopId, productId: { in: ids }, day: { gte: previous.from, lte: previous.to } },
      _sum: { revenueMinor: true },
    }),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const prevById = new Map(before.map((b) => [b.productId, b._sum.revenueMinor ?? 0]));
  return top.flatMap((t) => {
    const p = byId.get(t.productId);
    if (!p) return [];
    const revenueMinor = t._sum.revenueMinor ?? 0;
    return [{
      ...p,
      unitsSold: t._sum.units ?? 0,
      revenueMinor,
      growth: relativeChange(revenueMinor, prevById.get(t.productId) ?? null),
    }];
  });
}

/** Products sold in the range with at least one unit whose cost is unknown. */
export async function countUncostedProducts(shopId: string, range: DayRange): Promise<number> {
  const rows = await prisma.productDailyRollup.groupBy({
    by: ["productId"],
    where: { shopId, day: { gte: range.from, lte: range.to }, uncostedUnits: { gt: 0 } },
  });
  return rows.length;
}

export type Dashboard = {
  days: Timeframe;
  currency: string;
  range: DayRange;
  metrics: Metric[];
  profit: ProfitFigures;
  uncostedProducts: number;
  trend: TrendPoint[];
  topProducts: TopProduct[];
};

export async function getDashboard(shop: ShopRef, days: Timeframe, now = new Date()): Promise<Dashboard> {
  const comparison = await getProfitComparison(shop, days, now);
  const [top, uncostedProducts] = await Promise.all([
    topProducts(shop.id, comparison.range, comparison.previousRange),
    countUncostedProducts(shop.id, comparison.range),
  ]);
  return {
    days,
    currency: shop.currency,
    range: comparison.range,
    metrics: metricsOf(comparison.current, comparison.previous),
    profit: comparison.current,
    uncostedProducts,
    trend: trendSeries(comparison.rows, comparison.expenses, comparison.range),
    topProducts: top,
  };
}

