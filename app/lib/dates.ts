// Calendar days are bucketed in the shop's IANA time zone, here and nowhere else.
// A day is an ISO date string (YYYY-MM-DD); day arithmetic is done in UTC on those strings.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day of an instant in a time zone, e.g. dayInZone(new Date(), "America/New_York"). */
export function dayInZone(instant: Date, timeZone: string): string {
  return formatterFor(timeZone).format(instant);
}

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The shop-local day of many instants in one zone (samples, rows): every zone's UTC offset
 * since 1900 is a whole number of quarter hours, so the day can only change at a quarter hour
 * and each quarter hour is formatted once (formatting is the costly part, ~7 µs a call).
 */
export function dayInZoneMapper(timeZone: string): (instant: Date) => string {
  const days = new Map<number, string>();
  return (instant) => {
    const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
    let day = days.get(quarter);
    if (day === undefined) {
      day = dayInZone(new Date(quarter * QUARTER_HOUR_MS), timeZone);
      if (days.size >= 10_000) days.clear();
      days.set(quarter, day);
    }
    return day;
  };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The days a merchant's records may carry: real calendar days from 1970 to 2100 (no year 0000). */
export const EARLIEST_DAY = "1970-01-01";
export const LATEST_DAY = "2100-12-31";

export function isDayInRange(day: string): boolean {
  return isValidDay(day) && day >= EARLIEST_DAY && day <= LATEST_DAY;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export type DayRange = { from: string; to: string };

/** The last `days` days ending today (inclusive) and the period of the same length before it. */
export function periodsEndingOn(today: string, days: number): { current: DayRange; previous: DayRange } {
  const from = addDays(today, -(days - 1));
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

export function eachDay(range: DayRange): string[] {
  const out: string[] = [];
  // One clock value stepped by whole UTC days (a day string has no zone): no parse per day.
  const end = Date.parse(`${range.to}T00:00:00Z`);
  let t = Date.parse(`${range.from}T00:00:00Z`);
  if (Number.isNaN(t) || Number.isNaN(end)) throw new RangeError("Invalid day range");
  for (; t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
