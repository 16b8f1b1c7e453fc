// Chart buckets that never end on a partial bucket without saying so
// (docs/product/dashboard.md#trend). Daily buckets, and weeks when no week start is
// given, are counted back from the last day, so the last one always ends on it. Weeks
// with a week start (Settings → General, "Week starts on Monday", else Sunday) are
// calendar weeks: the days before the first week start fill no whole week and, like a
// short oldest bucket, are left out of the chart (their days stay in every total); the
// last week may be partial and says so. The bucket holding today is marked "so far".

export type DailyPoint = { day: string; revenueMinor: number; netProfitMinor: number };

export type TrendPoint = DailyPoint & {
  /** Last day of the bucket (the same as `day` for daily points). */
  to: string;
  /** Days in the bucket. */
  days: number;
  /** The bucket holds today, which is still running. */
  soFar: boolean;
};

export type WeekStart = "sunday" | "monday";

export type Trend = {
  bucketDays: number;
  /** Set when weekly buckets are calendar weeks starting on this day. */
  weekStart?: WeekStart;
  points: TrendPoint[];
  /** Days at the start of the period that fill no whole bucket and are left out of the chart. */
  leftOutDays: number;
};

/** Daily points up to 120 days, weekly beyond, as the dashboard has always shown them. */
export function bucketSizeFor(days: number): number {
  return days > 120 ? 7 : 1;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Sums consecutive chunks of `bucketDays` days, starting at index `from`. */
function chunked(daily: readonly DailyPoint[], from: number, bucketDays: number, today: string): TrendPoint[] {
  const points: TrendPoint[] = [];
  for (let i = from; i < daily.length; i += bucketDays) {
    const chunk = daily.slice(i, i + bucketDays);
    const last = chunk[chunk.length - 1];
    points.push({
      day: chunk[0].day,
      to: last.day,
      days: chunk.length,
      soFar: last.day >= today,
      revenueMinor: chunk.reduce((s, p) => s + p.revenueMinor, 0),
      netProfitMinor: chunk.reduce((s, p) => s + p.netProfitMinor, 0),
    });
  }
  return points;
}

export function bucketTrend(
  daily: readonly DailyPoint[],
  bucketDays: number,
  today: string,
  weekStart?: WeekStart,
): Trend {
  if (bucketDays === 7 && weekStart) {
    const first = weekStart === "monday" ? 1 : 0;
    const start = daily.findIndex((p) => weekday(p.day) === first);
    const leftOutDays = start < 0 ? daily.length : start;
    return { bucketDays, weekStart, points: chunked(daily, leftOutDays, 7, today), leftOutDays };
  }
  const leftOutDays = daily.length % bucketDays;
  return { bucketDays, points: chunked(daily, leftOutDays, bucketDays, today), leftOutDays };
}

const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const short = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));

/** What a point is, for its tooltip: "Nov 24 (so far)" or "Nov 18 – Nov 24 (so far)". */
export function trendPointLabel(p: TrendPoint): string {
  const span = p.days === 1 ? short(p.day) : `${short(p.day)} – ${short(p.to)}`;
  return p.soFar ? `${span} (so far)` : span;
}

/** The line under the chart saying what a point is and what is left out. */
export function trendNote(t: Trend): string {
  const unit =
    t.bucketDays === 1
      ? "Daily totals"
      : t.weekStart
        ? `Weekly totals, weeks starting ${t.weekStart === "monday" ? "Monday" : "Sunday"}`
        : `Totals per ${t.bucketDays} days`;
  const last = t.points.at(-1);
  const partial = last && last.days < t.bucketDays ? `${last.days} ${last.days === 1 ? "day" : "days"}` : null;
  const soFar = last?.soFar
    ? t.weekStart
      ? `; the last point is this week so far${partial ? ` (${partial})` : ""}`
      : "; the last point is today so far"
    : partial
      ? `; the last week has only ${partial}`
      : "";
  const left =
    t.leftOutDays > 0
      ? `; the period's first ${t.leftOutDays} ${t.leftOutDays === 1 ? "day is" : "days are"} in the totals, not the chart`
      : "";
  return `${unit}${soFar}${left}.`;
}
