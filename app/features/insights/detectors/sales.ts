// Daily sales anomalies (revenue, orders, average order value) against a day-of-week seasonal
// baseline, robust to outliers: each day's figure is divided by its weekday's factor, the level
// is the median of the 28 complete days before it and the spread 1.4826 × the median absolute
// deviation of their residuals; a day is anomalous beyond ±Z_FLAG robust σ. Consecutive
// anomalous days in one direction are one episode; an episode that lasts LEVEL_SHIFT_DAYS is a
// level shift, reported once, and the baseline restarts from it (the new normal) instead of
// firing every day. Days with no orders where several were expected are left to the data
// detector (a sync gap is not a sales dip). Today is partial and never evaluated.
import { median, medianAbsoluteDeviation } from "simple-statistics";
import { addDays, daysBetween, formatDay } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import type { Finding } from "~/features/insights/types";

export type SalesDay = { day: string; revenueMinor: number; orders: number };

export const BASELINE_DAYS = 28;
export const EVALUATED_DAYS = 28;
export const Z_FLAG = 3.5;
export const LEVEL_SHIFT_DAYS = 7;
/** A move smaller than this share of the expected figure is not worth a card, however unusual. */
export const MIN_CHANGE = 0.2;
/** Below this many expected orders a day, revenue and AOV swing too much to judge (tiny stores). */
export const MIN_DAILY_ORDERS = 3;
/**
 * A revenue rise is reported only when the episode's orders are up too, by at least this combined
 * z (Stouffer's: the days' orders z summed over √days); a rise in basket size alone is not.
 */
export const ORDERS_BEHIND_RISE = 2;
/** A day with no orders where at least this many were expected is a data question (sync gap). */
export const GAP_EXPECTED_ORDERS = 5;

type Metric = "revenue" | "orders" | "aov";
const METRIC_LABEL: Record<Metric, string> = { revenue: "Revenue", orders: "Orders", aov: "Average order value" };
const METHOD =
  "Day-of-week seasonal baseline: each day divided by its weekday factor (8 weeks); level = median of the 28 days before, spread = 1.4826 × MAD of their residuals (robust z)";

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Every day from the first to the last, days without a row as zero (a day with no sales has no rollup). */
export function fillDays(rows: SalesDay[], from: string, to: string): SalesDay[] {
  const by = new Map(rows.map((r) => [r.day, r]));
  const out: SalesDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(by.get(d) ?? { day: d, revenueMinor: 0, orders: 0 });
  return out;
}

function valueOf(d: SalesDay, metric: Metric): number | null {
  if (metric === "revenue") return d.revenueMinor;
  if (metric === "orders") return d.orders;
  return d.orders > 0 ? d.revenueMinor / d.orders : null;
}

/** Each weekday's median over the overall median, from the days given (1 where unknown). */
export function weekdayFactors(values: { day: string; value: number }[]): number[] {
  const all = values.map((v) => v.value);
  const overall = all.length ? median(all) : 0;
  return [0, 1, 2, 3, 4, 5, 6].map((w) => {
    const same = values.filter((v) => weekday(v.day) === w).map((v) => v.value);
    if (!overall || same.length < 2) return 1;
    return Math.min(5, Math.max(0.2, median(same) / overall));
  });
}

type Shift = { from: string; to: string };

/**
 * The least spread a day's figure can have, whatever a quiet month's MAD says: orders vary at
 * least as a Poisson count (√level); revenue, a sum over a Poisson number of orders, by at least
 * level / √orders; average order value by at least 30% / √orders of its level (order values vary).
 */
/** The floor is a share of that spread: the normal approximation overstates a Poisson count's lower tail. */
const FLOOR_SHARE = 0.75;

function spreadFloor(metric: Metric, level: number, window: { orders: number }[]): number {
  const orders = Math.max(median(window.map((q) => q.orders)), 1);
  if (metric === "orders") return FLOOR_SHARE * Math.sqrt(Math.max(level, 1));
  const relative = metric === "revenue" ? 1 / Math.sqrt(orders) : 0.3 / Math.sqrt(orders);
  return Math.max(level * Math.max(FLOOR_SHARE * relative, 0.05), 1);
}

type DayScore = { day: string; observed: number; expected: number; sigma: number; z: number; n: number };

/** The robust z of each evaluated day of one metric, walking forward so a level shift re-baselines. */
export function scoreDays(
  series: SalesDay[],
  metric: Metric,
  skip: Set<string>,
): { scores: DayScore[]; shifts: Shift[] } {
  const points = series
    .map((d) => ({ day: d.day, orders: d.orders, value: valueOf(d, metric) }))
    .filter((p): p is { day: string; orders: number; value: number } => p.value !== null && !skip.has(p.day));
  if (points.length < BASELINE_DAYS + 1) return { scores: [], shifts: [] };
  const last = series[series.length - 1]!.day;
  const firstEvaluated = addDays(last, -(EVALUATED_DAYS - 1));
  const history = points.filter((p) => p.day < firstEvaluated).slice(-56);
  const factors = weekdayFactors(history.length >= 14 ? history : points.slice(0, BASELINE_DAYS));
  const adjusted = points.map((p) => ({ ...p, y: p.value / factors[weekday(p.day)]! }));
  const scores: DayScore[] = [];
  const shifts: Shift[] = [];
  let baselineStart: string | null = null;
  for (let i = 0; i < adjusted.length; i++) {
    const p = adjusted[i]!;
    if (p.day < firstEvaluated) continue;
    const window = adjusted
      .slice(Math.max(0, i - BASELINE_DAYS), i)
      .filter((q) => baselineStart === null || q.day >= baselineStart);
    if (window.length < 7) continue;
    const ys = window.map((q) => q.y);
    const level = median(ys);
    const mad = medianAbsoluteDeviation(ys);
    const sigma = Math.max(1.4826 * mad, spreadFloor(metric, level, window));
    const factor = factors[weekday(p.day)]!;
    const z = (p.y - level) / sigma;
    scores.push({
      day: p.day,
      observed: p.value,
      expected: level * factor,
      sigma: sigma * factor,
      z,
      n: window.length,
    });
    // A level shift: the last LEVEL_SHIFT_DAYS days' mean against the baseline before them, with
    // the spread of a week's mean (σ/√7), all but one of the days on the same side. A halved
    // store is not 3.5σ out every single day, but its week is far outside what a week allows.
    const week = adjusted.slice(Math.max(0, i - LEVEL_SHIFT_DAYS + 1), i + 1);
    const before = adjusted
      .slice(Math.max(0, i - LEVEL_SHIFT_DAYS + 1 - BASELINE_DAYS), Math.max(0, i - LEVEL_SHIFT_DAYS + 1))
      .filter((q) => baselineStart === null || q.day >= baselineStart);
    if (
      week.length === LEVEL_SHIFT_DAYS &&
      daysBetween(week[0]!.day, p.day) === LEVEL_SHIFT_DAYS - 1 &&
      before.length >= 14
    ) {
      const bys = before.map((q) => q.y);
      const base = median(bys);
      const spread = Math.max(1.4826 * medianAbsoluteDeviation(bys), spreadFloor(metric, base, before));
      const mean = week.reduce((sum, q) => sum + q.y, 0) / week.length;
      const zWeek = (mean - base) / (spread / Math.sqrt(LEVEL_SHIFT_DAYS));
      const side = week.filter((q) => Math.sign(q.y - base) === Math.sign(zWeek));
      const moved = base > 0 ? Math.abs(mean - base) / base : 0;
      if (Math.abs(zWeek) >= Z_FLAG && side.length >= LEVEL_SHIFT_DAYS - 1 && moved >= MIN_CHANGE) {
        // The new normal: from here the baseline is the days since the shift began.
        // It began on the first day of the week that moved at least half the week's move (a
        // day merely on the same side by chance, before the shift, is not its start).
        const start = week.find((q) => (q.y - base) / (mean - base) >= 0.5)!.day;
        shifts.push({ from: start, to: p.day });
        baselineStart = start;
      }
    }
  }
  return { scores, shifts };
}

export type Episode = {
  metric: Metric;
  dir: 1 | -1;
  from: string;
  to: string;
  days: DayScore[];
  shift: boolean;
};

/**
 * A level shift's days are one episode (reported once); elsewhere, consecutive flagged days in
 * one direction are merged into one episode.
 */
export function episodesOf(metric: Metric, scores: DayScore[], shifts: Shift[]): Episode[] {
  const inShift = (day: string) => shifts.some((s) => s.from <= day && day <= s.to);
  const episodes: Episode[] = shifts.map((s) => {
    const days = scores.filter((d) => d.day >= s.from && d.day <= s.to);
    const dir = (Math.sign(days.reduce((sum, d) => sum + d.z, 0)) || -1) as 1 | -1;
    return { metric, dir, from: s.from, to: s.to, days, shift: true };
  });
  let current: Episode | null = null;
  for (const s of scores) {
    if (inShift(s.day)) continue;
    const dir = Math.abs(s.z) >= Z_FLAG ? (Math.sign(s.z) as 1 | -1) : 0;
    if (dir !== 0 && current && current.dir === dir && daysBetween(current.to, s.day) === 1) {
      current.to = s.day;
      current.days.push(s);
      continue;
    }
    if (current) episodes.push(current);
    current = dir !== 0 ? { metric, dir, from: s.day, to: s.day, days: [s], shift: false } : null;
  }
  if (current) episodes.push(current);
  return episodes.sort((a, b) => a.from.localeCompare(b.from));
}

function describe(e: Episode, currency: string): Pick<Finding, "title" | "description" | "facts" | "evidence"> {
  const observed = e.days.reduce((s, d) => s + d.observed, 0);
  const expected = e.days.reduce((s, d) => s + d.expected, 0);
  const change = expected > 0 ? (observed - expected) / expected : 0;
  const n = e.days.length;
  const fmt = (v: number) =>
    e.metric === "orders" ? Math.round(v).toLocaleString("en-US") : formatMoney(Math.round(v), currency);
  const label = METRIC_LABEL[e.metric];
  const days = n === 1 ? formatDay(e.from) : `${formatDay(e.from)} – ${formatDay(e.to)}`;
  const per = e.metric === "aov" ? " on average" : n > 1 ? " in total" : "";
  const avg = (v: number) => (e.metric === "aov" ? v / n : v);
  const facts = {
    metric: e.metric,
    from: e.from,
    to: e.to,
    days: n,
    observed: fmt(avg(observed)),
    expected: fmt(avg(expected)),
    change: formatPercent(Math.abs(change)),
  };
  const word = e.dir > 0 ? "above" : "below";
  const title = e.shift
    ? `${label} moved ${e.dir > 0 ? "up" : "down"} ${facts.change} since ${formatDay(e.from)}`
    : `${label} ${facts.change} ${word} normal${n === 1 ? ` on ${days}` : ` for ${n} days`}`;
  const description = e.shift
    ? `${label} has stayed ${facts.change} ${word} its weekday baseline for ${n} days since ${formatDay(e.from)} (${facts.observed} against ${facts.expected} expected${per}). It is treated as the new normal from now on.`
    : `${label} was ${facts.observed}${per} on ${days}, against ${facts.expected} expected for ${n === 1 ? "that weekday" : "those weekdays"}.`;
  const lo = e.days.reduce((s, d) => s + Math.max(0, d.expected - Z_FLAG * d.sigma), 0);
  const hi = e.days.reduce((s, d) => s + d.expected + Z_FLAG * d.sigma, 0);
  return {
    title,
    description,
    facts,
    evidence: {
      observed: facts.observed,
      expected: facts.expected,
      band: `±${Z_FLAG} robust σ: ${fmt(avg(lo))} – ${fmt(avg(hi))}`,
      baselineWindow: `${formatDay(addDays(e.from, -BASELINE_DAYS))} – ${formatDay(addDays(e.from, -1))}, by weekday`,
      sampleSize: Math.min(...e.days.map((d) => d.n)),
      method: METHOD,
    },
  };
}

/** Days with no orders where the baseline expected GAP_EXPECTED_ORDERS or more (a likely sync gap). */
export function gapDays(series: SalesDay[]): Set<string> {
  const { scores } = scoreDays(series, "orders", new Set());
  return new Set(scores.filter((s) => s.observed === 0 && s.expected >= GAP_EXPECTED_ORDERS).map((s) => s.day));
}

/**
 * Sales anomalies over the series (complete days, oldest first, ending yesterday). Orders and AOV
 * episodes that overlap a revenue episode are folded into it rather than reported again.
 */
export function detectSalesAnomalies(series: SalesDay[], currency: string): Finding[] {
  if (series.length < BASELINE_DAYS + 7) return [];
  const gaps = gapDays(series);
  const recent = series.slice(-BASELINE_DAYS);
  const dailyOrders = median(recent.map((d) => d.orders));
  if (dailyOrders < MIN_DAILY_ORDERS) return [];
  const byMetric = (["revenue", "orders", "aov"] as Metric[]).map((m) => {
    const { scores, shifts } = scoreDays(series, m, gaps);
    return episodesOf(m, scores, shifts);
  });
  const [revenue, ...others] = byMetric;
  const overlaps = (a: Episode, b: Episode) => a.from <= b.to && b.from <= a.to;
  const material = (e: Episode) => {
    const observed = e.days.reduce((sum, d) => sum + d.observed, 0);
    const expected = e.days.reduce((sum, d) => sum + d.expected, 0);
    return expected > 0 && Math.abs(observed - expected) / expected >= MIN_CHANGE;
  };
  // Average order value alerts one way: a higher basket on its own (a few large orders, revenue
  // within its band) is nothing to act on; a lower one can be (discounts, a broken bundle). The
  // same holds for a revenue rise on the usual number of orders: a few large baskets, which a
  // store with mixed prices has often (a day's revenue is a sum of very unequal orders, skewed
  // upwards). A rise counts when the orders rose with it (more buyers: a campaign, a mention).
  const ordersZ = new Map(scoreDays(series, "orders", gaps).scores.map((d) => [d.day, d.z]));
  const carriedByOrders = (e: Episode) => {
    const zs = e.days.map((d) => ordersZ.get(d.day) ?? 0);
    return zs.reduce((a, b) => a + b, 0) / Math.sqrt(zs.length) >= ORDERS_BEHIND_RISE;
  };
  const oneWay = (e: Episode) => e.dir < 0 || e.metric === "orders" || (e.metric === "revenue" && carriedByOrders(e));
  const kept = [...revenue!, ...others.flat().filter((e) => !revenue!.some((r) => overlaps(r, e)))]
    .filter(material)
    .filter(oneWay);
  const last = series[series.length - 1]!.day;
  return kept.map((e): Finding => {
    const text = describe(e, currency);
    // Money at stake only for a drop: a rise is reported, but it is not money to win back.
    const gapMinor =
      e.dir > 0
        ? null
        : e.metric === "aov"
          ? e.days.reduce(
              (s, d) => s + (d.observed - d.expected) * (series.find((x) => x.day === d.day)?.orders ?? 0),
              0,
            )
          : e.metric === "revenue"
            ? e.days.reduce((s, d) => s + (d.observed - d.expected), 0)
            : null;
    const meanZ = e.days.reduce((s, d) => s + Math.abs(d.z), 0) / e.days.length;
    return {
      category: "marketing",
      kind: e.shift ? "sales-shift" : "sales-anomaly",
      subject: { type: "metric", id: `${e.metric}:${e.dir > 0 ? "up" : "down"}:${e.from}` },
      ...text,
      strength: { z: meanZ, n: text.evidence.sampleSize },
      potentialValueMinor: gapMinor === null ? null : Math.round(Math.abs(gapMinor)),
      valueFormula:
        gapMinor === null
          ? null
          : e.metric === "revenue"
            ? `|observed − expected revenue| summed over ${e.days.length} day(s)`
            : `|observed − expected AOV| × orders, summed over ${e.days.length} day(s)`,
      link: `/analytics?days=30`,
      action: e.dir < 0 ? { label: "Open Analytics", url: "/analytics?days=30" } : null,
      figure: text.facts.observed === null ? 0 : e.days.reduce((s, d) => s + d.observed, 0),
      day: e.to > last ? last : e.to,
    };
  });
}
