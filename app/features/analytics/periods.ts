// The Analytics screen's periods (docs/decisions/050-metrics-registry.md): a timeframe of the
// last 7, 30, 90 or 365 days ending today in the shop's time zone, compared with the period
// just before it or with the same period last year aligned by weekday (364 days back, so a
// Monday is compared with a Monday, also across a leap day).
import { addDays, periodsEndingOn, type DayRange } from "~/lib/dates";

export const TIMEFRAME_KEYS = ["7d", "30d", "90d", "1y"] as const;
export type TimeframeKey = (typeof TIMEFRAME_KEYS)[number];
export const DEFAULT_TIMEFRAME_KEY: TimeframeKey = "30d";

export const TIMEFRAME_DAYS: Record<TimeframeKey, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };
export const TIMEFRAME_TITLES: Record<TimeframeKey, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last 12 months",
};

export const COMPARISONS = ["previous", "yearAgo"] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const DEFAULT_COMPARISON: Comparison = "previous";
export const COMPARISON_TITLES: Record<Comparison, string> = {
  previous: "Previous period",
  yearAgo: "Same period last year (by weekday)",
};

/** Days back to the same weekday a year earlier: 52 whole weeks. */
export const YEAR_AGO_DAYS = 364;

export function isTimeframeKey(v: string): v is TimeframeKey {
  return (TIMEFRAME_KEYS as readonly string[]).includes(v);
}

export function isComparison(v: string): v is Comparison {
  return (COMPARISONS as readonly string[]).includes(v);
}

export type AnalyticsPeriods = { days: number; current: DayRange; comparison: DayRange };

export function analyticsPeriods(today: string, timeframe: TimeframeKey, comparison: Comparison): AnalyticsPeriods {
  const days = TIMEFRAME_DAYS[timeframe];
  const { current, previous } = periodsEndingOn(today, days);
  if (comparison === "previous") return { days, current, comparison: previous };
  return {
    days,
    current,
    comparison: { from: addDays(current.from, -YEAR_AGO_DAYS), to: addDays(current.to, -YEAR_AGO_DAYS) },
  };
}

export type ParsedQuery =
  { ok: true; timeframe: TimeframeKey; comparison: Comparison } | { ok: false; errors: Record<string, string[]> };

/**
 * Reads `timeframe` and `comparison` from a query string; absent means the default,
 * anything else answers 400 with the allowed values (the bad-input rule).
 */
export function parseAnalyticsQuery(params: URLSearchParams): ParsedQuery {
  const errors: Record<string, string[]> = {};
  const tf = params.get("timeframe") ?? DEFAULT_TIMEFRAME_KEY;
  const cmp = params.get("comparison") ?? DEFAULT_COMPARISON;
  if (!isTimeframeKey(tf)) errors.timeframe = [`Must be one of ${TIMEFRAME_KEYS.join(", ")}`];
  if (!isComparison(cmp)) errors.comparison = [`Must be one of ${COMPARISONS.join(", ")}`];
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, timeframe: tf as TimeframeKey, comparison: cmp as Comparison };
}
