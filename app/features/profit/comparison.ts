// When a change against the previous period means something (docs/product/costs.md#comparable-periods).
// A previous period is comparable when the store has data for most of it: its first day with an
// order falls within the first quarter of that period (so at least 75% of its days are covered).
// Otherwise every change is "—" with "no comparable period", instead of "↑ 35272.3%".
import { daysBetween, type DayRange } from "~/lib/dates";

/** The share of the previous period's days the store's history must cover. */
export const MIN_COVERAGE = 0.75;

/** The share of a range's days on or after the store's first day with data (0 when it has none). */
export function coverage(range: DayRange, firstDataDay: string | null): number {
  if (!firstDataDay) return 0;
  const total = daysBetween(range.from, range.to) + 1;
  if (firstDataDay <= range.from) return 1;
  if (firstDataDay > range.to) return 0;
  return (daysBetween(firstDataDay, range.to) + 1) / total;
}

export function isComparable(previous: DayRange, firstDataDay: string | null): boolean {
  return coverage(previous, firstDataDay) >= MIN_COVERAGE;
}

/**
 * The relative change, or null when it would mislead: no comparable period, no previous
 * value, or a previous value of zero (any change from zero is infinite).
 */
export function honestChange(current: number | null, previous: number | null, comparable: boolean): number | null {
  if (!comparable || current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** Whether a rise is good news: it is for sales and profit, it is not for a cost. */
export type Polarity = "higherIsBetter" | "lowerIsBetter";

/** The tone a change is drawn in: success when it is good news, critical when bad. */
export function changeTone(change: number, polarity: Polarity): "success" | "critical" | "subdued" {
  if (change === 0) return "subdued";
  const good = polarity === "higherIsBetter" ? change > 0 : change < 0;
  return good ? "success" : "critical";
}
