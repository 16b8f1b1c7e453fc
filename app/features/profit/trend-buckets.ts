// Chart buckets that never end on a partial bucket without saying so
// (docs/product/dashboard.md#trend). Buckets are counted back from the last day, so
// the last one always ends on it; a short oldest bucket is left out of the chart
// (its days stay in every total) and the last bucket, which holds today, is marked
// "so far" because today is not over.

export type DailyPoint = { day: string; revenueMinor: number; netProfitMinor: number };

export type TrendPoint = DailyPoint & {
  /** Last day of the bucket (the same as `day` for daily points). */
  to: string;
  /** Days in the bucket. */
  days: number;
  /** The bucket holds today, which is still running. */
  soFar: boolean;
};

export type Trend = {
  bucketDays: number;
  points: TrendPoint[];
  /** Days at the start of the period that fill no whole bucket and are left out of the chart. */
  leftOutDays: number;
};

/** Daily points up to 120 days, weekly beyond, as the dashboard has always shown them. */
export function bucketSizeFor(days: number): number {
  return days > 120 ? 7 : 1;
}

export function bucketTrend(daily: readonly DailyPoint[], bucketDays: number, today: string): Trend {
  const leftOutDays = daily.length % bucketDays;
  const points: TrendPoint[] = [];
  for (let i = leftOutDays; i < daily.length; i += bucketDays) {
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
  return { bucketDays, points, leftOutDays };
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
  const unit = t.bucketDays === 1 ? "Daily totals" : `Totals per ${t.bucketDays} days`;
  const last = t.points.at(-1);
  const soFar = last?.soFar ? "; the last point is today so far" : "";
  const left =
    t.leftOutDays > 0
      ? `; the period's first ${t.leftOutDays} ${t.leftOutDays === 1 ? "day is" : "days are"} in the totals, not the chart`
      : "";
  return `${unit}${soFar}${left}.`;
}
