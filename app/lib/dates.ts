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

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partsFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The first instant of a calendar day in a time zone (the start of a shop's day, for `where` ranges). */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let t = midnight - offsetAt(midnight, timeZone);
  t = midnight - offsetAt(t, timeZone);
  // A zone whose clocks skip midnight starts that day at the first hour that exists.
  while (dayInZone(new Date(t), timeZone) < day) t += 3_600_000;
  return new Date(t);
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

// Instants as staff read them, in the shop's zone. Call these on the server (loaders, PDFs,
// e-mails, exports) and hand the browser the text: the browser's zone is not the shop's, and
// its ICU may space "3:04 PM" differently from Node's, so text formatted on both sides would
// not hydrate.
const instantFormats = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  date: { dateStyle: "medium" },
  time: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type InstantStyle = keyof typeof instantFormats;
const instantFormatters = new Map<string, Intl.DateTimeFormat>();

/** "Nov 28, 2026, 9:15 PM" (dateTime), "Nov 28, 2026" (date) or "21:15:04" (time) in `timeZone`. */
export function formatInstant(instant: Date | string, timeZone: string, style: InstantStyle = "dateTime"): string {
  const key = `${style} ${timeZone}`;
  let f = instantFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...instantFormats[style], timeZone });
    instantFormatters.set(key, f);
  }
  // Plain spaces: ICU puts a narrow no-break space before AM/PM, which some browsers do not.
  return f.format(typeof instant === "string" ? new Date(instant) : instant).replace(/\u202f/g, " ");
}

/** "2026-11-28 21:15": an instant's shop-local minute, for tables and exports that sort as text. */
export function minuteInZone(instant: Date, timeZone: string): string {
  return `${dayInZone(instant, timeZone)} ${formatInstant(instant, timeZone, "time").slice(0, 5)}`;
}

const DAY_TEXT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 28, 2026" for a calendar day (YYYY-MM-DD): a day has no zone, so this reads the same everywhere. */
export function formatDay(day: string): string {
  return DAY_TEXT.format(new Date(`${day}T00:00:00Z`));
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
