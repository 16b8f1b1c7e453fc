// The Analytics screen's figures (docs/decisions/050-metrics-registry.md), computed only from
// rollups: DailyRollup for the period figures, DimensionMonthRollup and DimensionDayRollup for
// traffic sources and regions (decision 064), TrafficDay and FunnelDay for sessions and the
// funnel, so a 12-month view of a store with a million orders reads a few hundred rows. Every
// figure comes from the registry.
import { prisma } from "~/db.server";
import { figuresCache } from "~/platform/cache.server";
import { eachDay, type DayRange } from "~/lib/dates";
import {
  bucketTrend,
  EMPTY_TOTALS,
  expensesByDay,
  expensesInRange,
  honestChange,
  isComparable,
  type ExpenseInput,
  type PeriodTotals,
  type TrendPoint,
  type WeekStart,
} from "~/features/profit";
import { firstDataDay, loadExpenses, loadRollups, todayFor } from "~/features/profit/index.server";
import {
  computeMetric,
  computeMetrics,
  EMPTY_INPUTS,
  METRIC_KEYS,
  noneReason,
  shareOf,
  type MetricInputs,
  type MetricKey,
  type MetricValues,
} from "~/features/analytics/metrics";
import { analyticsPeriods, type Comparison, type TimeframeKey } from "~/features/analytics/periods";
import { funnelVisitors } from "~/features/analytics/counts";
import { dimensionSums, type DimSum } from "~/features/analytics/dimensions.server";
import { getMarketing, type Marketing } from "~/features/analytics/marketing.server";
import { newCustomerCount } from "~/features/customers/index.server";

type ShopRef = { id: string; timezone: string; currency: string };

/** The sources the screen lists, in order (the list); any other stored source is listed after them. */
export const SOURCE_ORDER = [
  "organic_search",
  "direct",
  "social",
  "email",
  "paid_search",
  "paid_social",
  "paid",
  "referral",
  "unknown",
] as const;
export const SOURCE_LABELS: Record<string, string> = {
  organic_search: "Organic search",
  direct: "Direct",
  social: "Social",
  email: "E-mail",
  paid_search: "Paid search",
  paid_social: "Paid social",
  paid: "Paid (other)",
  referral: "Referral",
  unknown: "Unknown",
};

type RollupRow = PeriodTotals & { day: string };

function sumRows(rows: RollupRow[]): PeriodTotals {
  const t = { ...EMPTY_TOTALS };
  for (const r of rows) for (const k of Object.keys(EMPTY_TOTALS) as (keyof PeriodTotals)[]) t[k] += r[k];
  return t;
}

type Funnel = { visitors: number; productViews: number | null; addToCart: number; purchases: number };

async function funnelOf(shopId: string, range: DayRange): Promise<Funnel> {
  const agg = await prisma.funnelDay.aggregate({
    where: { shopId, day: { gte: range.from, lte: range.to } },
    _sum: { visitors: true, productViews: true, addToCart: true, purchases: true },
  });
  return {
    visitors: agg._sum.visitors ?? 0,
    // Prisma's sum is null when every day's value is null: the step was not reported.
    productViews: agg._sum.productViews,
    addToCart: agg._sum.addToCart ?? 0,
    purchases: agg._sum.purchases ?? 0,
  };
}

/**
 * A period's registry inputs: the rollup sums, the expenses attributed to it and the funnel. The
 * funnel's first step is the period's sessions (funnelVisitors: one source for both figures).
 */
function inputsOf(
  rows: RollupRow[],
  expenses: ExpenseInput[],
  range: DayRange,
  funnel: Funnel,
  newCustomers: number,
): MetricInputs {
  const totals = sumRows(rows);
  const operatingExpensesMinor = expensesInRange(expenses, range);
  return { ...totals, operatingExpensesMinor, ...funnel, visitors: funnelVisitors(totals), newCustomers };
}

export type PeriodFigures = {
  values: MetricValues;
  previous: MetricValues;
  /** Change against the comparison period; null when not comparable or nothing to compare with. */
  change: Record<MetricKey, number | null>;
};

function figuresOf(cur: MetricInputs, cmp: MetricInputs, comparable: boolean): PeriodFigures {
  const values = computeMetrics(cur);
  const previous = computeMetrics(cmp);
  const change = Object.fromEntries(
    METRIC_KEYS.map((k) => [k, honestChange(values[k], previous[k], comparable)]),
  ) as Record<MetricKey, number | null>;
  return { values, previous, change };
}

// ── Traffic sources ──

export type SourceRow = {
  source: string;
  label: string;
  sessions: number;
  orders: number;
  sessionShare: number | null;
  orderShare: number | null;
  conversionRate: number | null;
  previousConversionRate: number | null;
};

async function sessionsBySource(shopId: string, range: DayRange): Promise<Map<string, number>> {
  const rows = await prisma.trafficDay.groupBy({
    by: ["source"],
    where: { shopId, day: { gte: range.from, lte: range.to } },
    _sum: { sessions: true },
  });
  return new Map(rows.map((r) => [r.source || "unknown", r._sum.sessions ?? 0]));
}

function sourceRows(
  sessions: Map<string, number>,
  orders: DimSum[],
  previousSessions: Map<string, number>,
  previousOrders: DimSum[],
): SourceRow[] {
  const ordersBy = new Map(orders.map((o) => [o.key, o.ordersCount]));
  const prevOrdersBy = new Map(previousOrders.map((o) => [o.key, o.ordersCount]));
  const known = new Set<string>(SOURCE_ORDER);
  const extra = [...new Set([...sessions.keys(), ...ordersBy.keys()])].filter((s) => !known.has(s)).sort();
  const totalSessions = [...sessions.values()].reduce((a, b) => a + b, 0);
  const totalOrders = [...ordersBy.values()].reduce((a, b) => a + b, 0);
  return [...SOURCE_ORDER, ...extra]
    .map((source) => {
      const s = sessions.get(source) ?? 0;
      const o = ordersBy.get(source) ?? 0;
      return {
        source,
        label: SOURCE_LABELS[source] ?? source.replace(/_/g, " "),
        sessions: s,
        orders: o,
        sessionShare: shareOf(s, totalSessions),
        orderShare: shareOf(o, totalOrders),
        conversionRate: computeMetric("conversionRate", { ...EMPTY_INPUTS, ordersCount: o, sessions: s }),
        previousConversionRate: computeMetric("conversionRate", {
          ...EMPTY_INPUTS,
          ordersCount: prevOrdersBy.get(source) ?? 0,
          sessions: previousSessions.get(source) ?? 0,
        }),
      };
    })
    .filter((r) => r.sessions > 0 || r.orders > 0);
}

// ── Regions ──

export type RegionFigures = { netSalesMinor: number; orders: number; averageOrderValueMinor: number | null };
export type CountryRow = RegionFigures & { country: string; regions: (RegionFigures & { region: string })[] };

const TOP_COUNTRIES = 8;
const TOP_REGIONS = 3;

function regionFigures(d: Omit<DimSum, "key" | "sub">): RegionFigures {
  const inputs = { ...EMPTY_INPUTS, ...d };
  return {
    netSalesMinor: computeMetric("netSales", inputs) ?? 0,
    orders: d.ordersCount,
    averageOrderValueMinor: computeMetric("averageOrderValue", inputs),
  };
}

function countryRows(sums: DimSum[]): CountryRow[] {
  const byCountry = new Map<string, DimSum[]>();
  for (const s of sums) byCountry.set(s.key, [...(byCountry.get(s.key) ?? []), s]);
  const rows = [...byCountry].map(([country, parts]) => {
    const total = parts.reduce(
      (a, p) => ({
        ordersCount: a.ordersCount + p.ordersCount,
        grossSalesMinor: a.grossSalesMinor + p.grossSalesMinor,
        discountsMinor: a.discountsMinor + p.discountsMinor,
        refundsMinor: a.refundsMinor + p.refundsMinor,
        shippingMinor: a.shippingMinor + p.shippingMinor,
      }),
      { ordersCount: 0, grossSalesMinor: 0, discountsMinor: 0, refundsMinor: 0, shippingMinor: 0 },
    );
    const regions = parts
      .map((p) => ({ region: p.sub || "Unknown region", ...regionFigures(p) }))
      .filter((r) => r.orders > 0 || r.netSalesMinor !== 0)
      .sort((a, b) => b.netSalesMinor - a.netSalesMinor || a.region.localeCompare(b.region))
      .slice(0, TOP_REGIONS);
    return { country: country || "Unknown country", ...regionFigures(total), regions };
  });
  return rows
    .filter((r) => r.orders > 0 || r.netSalesMinor !== 0)
    .sort((a, b) => b.netSalesMinor - a.netSalesMinor || a.country.localeCompare(b.country))
    .slice(0, TOP_COUNTRIES);
}

// ── Funnel ──

export const FUNNEL_STEPS = ["visitors", "productViews", "addToCart", "purchases"] as const;
export type FunnelStep = {
  step: (typeof FUNNEL_STEPS)[number];
  /** Null when the source does not report this step (product views on a connected store). */
  count: number | null;
  /** Of the step before; null for the first step and when either step is not reported. */
  stepRate: number | null;
  visitorRate: number | null;
  previousCount: number | null;
  change: number | null;
};

function funnelSteps(cur: Funnel, cmp: Funnel, comparable: boolean): FunnelStep[] {
  return FUNNEL_STEPS.map((step, i) => {
    const count = cur[step];
    const before = i === 0 ? null : cur[FUNNEL_STEPS[i - 1]];
    return {
      step,
      count,
      stepRate: count === null || before === null ? null : shareOf(count, before),
      visitorRate: count === null ? null : shareOf(count, cur.visitors),
      previousCount: cmp[step],
      change: honestChange(count, cmp[step], comparable),
    };
  });
}

// ── Trend ──

export type TrendSeries = {
  bucketDays: number;
  leftOutDays: number;
  weekStart?: WeekStart;
  points: (TrendPoint & { orders: number; netSalesMinor: number })[];
  /** The comparison period bucketed the same way, point for point. */
  comparison: { day: string; to: string; orders: number; netSalesMinor: number }[];
};

/** Daily up to 89 days, calendar weeks from 90 days on (the rule). */
export const bucketDaysFor = (days: number) => (days >= 90 ? 7 : 1);

type DayPoint = { day: string; orders: number; netSalesMinor: number };

function dailyPoints(rows: RollupRow[], range: DayRange): DayPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return eachDay(range).map((day) => {
    const r = byDay.get(day);
    // Only the one figure the trend draws, not the whole registry for each of up to 730 days.
    const netSalesMinor = computeMetric("netSales", r ? { ...EMPTY_INPUTS, ...r } : EMPTY_INPUTS) ?? 0;
    return { day, orders: r?.ordersCount ?? 0, netSalesMinor };
  });
}

export function trendOf(
  current: DayPoint[],
  comparison: DayPoint[],
  days: number,
  today: string,
  weekStart: WeekStart,
): TrendSeries {
  // The profit feature's buckets carry two series; here they are net sales and orders.
  const t = bucketTrend(
    current.map((p) => ({ day: p.day, revenueMinor: p.netSalesMinor, netProfitMinor: p.orders })),
    bucketDaysFor(days),
    today,
    weekStart,
  );
  let at = t.leftOutDays;
  const cmp = t.points.map((p) => {
    const chunk = comparison.slice(at, at + p.days);
    at += p.days;
    return {
      day: chunk[0]?.day ?? "",
      to: chunk.at(-1)?.day ?? "",
      orders: chunk.reduce((s, c) => s + c.orders, 0),
      netSalesMinor: chunk.reduce((s, c) => s + c.netSalesMinor, 0),
    };
  });
  return {
    bucketDays: t.bucketDays,
    leftOutDays: t.leftOutDays,
    weekStart: t.weekStart,
    points: t.points.map((p) => ({ ...p, netSalesMinor: p.revenueMinor, orders: p.netProfitMinor })),
    comparison: cmp,
  };
}

// ── The screen ──

export type Analytics = {
  timeframe: TimeframeKey;
  comparison: Comparison;
  currency: string;
  range: DayRange;
  comparisonRange: DayRange;
  comparable: boolean;
  figures: PeriodFigures;
  trend: TrendSeries;
  sources: SourceRow[];
  countries: CountryRow[];
  funnel: FunnelStep[];
  /** Whether any sessions or funnel steps were recorded in the period (else the screen says why). */
  hasTraffic: boolean;
  /** Ad channels of the period and why MER, POAS and CAC are none where they are (decision 093). */
  marketing: Marketing & { reasons: Record<MarketingKey, string | null>; previousNewCustomers: number };
};

const MARKETING_KEYS = ["mer", "poas", "cac"] as const;
type MarketingKey = (typeof MARKETING_KEYS)[number];

export type AnalyticsOptions = { weekStart: WeekStart };

export async function getAnalytics(
  shop: ShopRef,
  timeframe: TimeframeKey,
  comparison: Comparison,
  now = new Date(),
  options: AnalyticsOptions = { weekStart: "sunday" },
): Promise<Analytics> {
  const today = todayFor(shop, now);
  const p = analyticsPeriods(today, timeframe, comparison);
  const [
    rows,
    cmpRows,
    expenses,
    first,
    funnel,
    cmpFunnel,
    sessions,
    cmpSessions,
    srcOrders,
    cmpSrcOrders,
    regions,
    marketing,
    cmpNewCustomers,
  ] = await Promise.all([
    loadRollups(shop.id, p.current),
    loadRollups(shop.id, p.comparison),
    loadExpenses(shop.id, p.current.to),
    firstDataDay(shop.id),
    funnelOf(shop.id, p.current),
    funnelOf(shop.id, p.comparison),
    sessionsBySource(shop.id, p.current),
    sessionsBySource(shop.id, p.comparison),
    dimensionSums(shop.id, "source", p.current),
    dimensionSums(shop.id, "source", p.comparison),
    dimensionSums(shop.id, "region", p.current),
    getMarketing(shop, p.current),
    newCustomerCount(shop, p.comparison),
  ]);
  const comparable = isComparable(p.comparison, first);
  const cur = inputsOf(rows, expenses, p.current, funnel, marketing.newCustomers);
  const cmp = inputsOf(cmpRows, expenses, p.comparison, cmpFunnel, cmpNewCustomers);
  return {
    timeframe,
    comparison,
    currency: shop.currency,
    range: p.current,
    comparisonRange: p.comparison,
    comparable,
    figures: figuresOf(cur, cmp, comparable),
    trend: trendOf(dailyPoints(rows, p.current), dailyPoints(cmpRows, p.comparison), p.days, today, options.weekStart),
    sources: sourceRows(sessions, srcOrders, cmpSessions, cmpSrcOrders),
    countries: countryRows(regions),
    funnel: funnelSteps(cur, cmp, comparable),
    hasTraffic: cur.sessions > 0 || funnel.visitors > 0,
    marketing: {
      ...marketing,
      previousNewCustomers: cmpNewCustomers,
      reasons: Object.fromEntries(MARKETING_KEYS.map((k) => [k, noneReason(k, cur)])) as Record<
        MarketingKey,
        string | null
      >,
    },
  };
}

/** The freshness window for analytics (5 minutes, the spec's); the data version catches every write first. */
export const ANALYTICS_TTL_MS = 5 * 60_000;

export function getAnalyticsCached(
  shop: ShopRef & { dataVersion: number },
  timeframe: TimeframeKey,
  comparison: Comparison,
  options: AnalyticsOptions = { weekStart: "sunday" },
): Promise<Analytics> {
  const key = `analytics|${shop.id}|${timeframe}|${comparison}|${shop.timezone}|${todayFor(shop)}|${options.weekStart}`;
  return figuresCache.get(key, shop.dataVersion, ANALYTICS_TTL_MS, () =>
    getAnalytics(shop, timeframe, comparison, new Date(), options),
  );
}

/** Daily registry figures of a range, for exports: one row per day with every metric. */
export async function dailyMetrics(shop: ShopRef, range: DayRange): Promise<{ day: string; values: MetricValues }[]> {
  const [rows, expenses, funnels] = await Promise.all([
    loadRollups(shop.id, range),
    loadExpenses(shop.id, range.to),
    prisma.funnelDay.findMany({
      where: { shopId: shop.id, day: { gte: range.from, lte: range.to } },
      select: { day: true, visitors: true, productViews: true, addToCart: true, purchases: true },
    }),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const funnelBy = new Map(funnels.map((f) => [f.day, f]));
  const opex = expensesByDay(expenses, range);
  return eachDay(range).map((day) => {
    const f = funnelBy.get(day);
    return {
      day,
      values: computeMetrics({
        ...EMPTY_INPUTS,
        ...byDay.get(day),
        operatingExpensesMinor: opex.get(day) ?? 0,
        visitors: funnelVisitors(byDay.get(day) ?? EMPTY_INPUTS),
        productViews: f ? f.productViews : 0,
        addToCart: f?.addToCart ?? 0,
        purchases: f?.purchases ?? 0,
      }),
    };
  });
}
