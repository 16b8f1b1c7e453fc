// How a day range splits over the two product rollup tables: the whole calendar
// months inside it come from ProductMonthlyRollup, the days before the first and
// after the last whole month from ProductDailyRollup. A year of top products then
// reads about 12 rows per product instead of about 365.
import { addDays, type DayRange } from "~/lib/dates";

export type MonthRange = { from: string; to: string };

/** The month (YYYY-MM) of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

const firstOfNextMonth = (day: string): string => {
  const [y, m] = day.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
};

export function splitRange(range: DayRange): { months: MonthRange | null; days: DayRange[] } {
  if (range.from > range.to) return { months: null, days: [] };
  // First whole month starts on the 1st on or after `from`; the last ends on or before `to`.
  const firstStart = range.from.endsWith("-01") ? range.from : firstOfNextMonth(range.from);
  const lastEnd = addDays(range.to, 1).endsWith("-01") ? range.to : addDays(`${monthOf(range.to)}-01`, -1);
  if (firstStart > lastEnd) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < firstStart) days.push({ from: range.from, to: addDays(firstStart, -1) });
  if (lastEnd < range.to) days.push({ from: addDays(lastEnd, 1), to: range.to });
  return { months: { from: monthOf(firstStart), to: monthOf(lastEnd) }, days };
}
