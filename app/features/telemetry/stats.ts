// The app's performance figures as pure functions (docs/decisions/043-measured-performance.md):
// a day's (or a period's) measurements are counts, sums and log-scale histograms that add
// up, so the figures of seven days are computed from seven stored days plus today's raw
// samples, exactly as from one long list, within the histogram's stated accuracy.

/** Bucket i > 0 holds values in (MIN·G^(i-1), MIN·G^i]; bucket 0 holds [0, MIN]. */
const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);

export const VITAL_METRICS = ["LCP", "INP", "CLS"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The smallest value told apart from zero, per series: 0.1 ms for times, 0.0001 for layout shift. */
const MIN_VALUE = { server: 0.1, LCP: 0.1, INP: 0.1, CLS: 0.0001 } as const;
export type Series = keyof typeof MIN_VALUE;

/** Sparse histogram: bucket index → count. */
export type Histogram = Record<string, number>;

export function bucketOf(series: Series, value: number): number {
  const min = MIN_VALUE[series];
  if (!(value > min)) return 0;
  return Math.ceil(Math.log(value / min) / LOG_GROWTH - 1e-9);
}

/** The value a bucket stands for: its geometric middle (relative error at most √1.05 − 1 ≈ 2.5 %), 0 for bucket 0. */
export function bucketValue(series: Series, bucket: number): number {
  return bucket === 0 ? 0 : MIN_VALUE[series] * Math.pow(GROWTH, bucket - 0.5);
}

export function addToHistogram(histogram: Histogram, series: Series, value: number): void {
  const key = String(bucketOf(series, value));
  histogram[key] = (histogram[key] ?? 0) + 1;
}

export function mergeHistograms(a: Histogram, b: Histogram): Histogram {
  const out: Histogram = { ...a };
  for (const [key, count] of Object.entries(b)) out[key] = (out[key] ?? 0) + count;
  return out;
}

export function histogramCount(histogram: Histogram): number {
  return Object.values(histogram).reduce((sum, n) => sum + n, 0);
}

/**
 * The p-th percentile (0 < p ≤ 1), nearest rank: the smallest measurement with at least
 * p of all measurements at or below it, read from its bucket. Null without measurements.
 */
export function histogramPercentile(histogram: Histogram, series: Series, p: number): number | null {
  const buckets = Object.entries(histogram)
    .map(([key, count]) => [Number(key), count] as const)
    .filter(([, count]) => count > 0)
    .sort((x, y) => x[0] - y[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.min(total, Math.max(1, Math.ceil(p * total)));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return bucketValue(series, bucket);
  }
  return null;
}

/** A day's (or a period's) measurements. */
export type PerformanceStats = {
  requests: number;
  /** Responses with status 500 or above. */
  errors: number;
  serverMsSum: number;
  dbMsSum: number;
  /** Requests in the database-time sample (app/platform/request-timing.server.ts). */
  dbRequests: number;
  sessions: number;
  histograms: { server: Histogram; LCP: Histogram; INP: Histogram; CLS: Histogram };
};

export function emptyStats(): PerformanceStats {
  return {
    requests: 0,
    errors: 0,
    serverMsSum: 0,
    dbMsSum: 0,
    dbRequests: 0,
    sessions: 0,
    histograms: { server: {}, LCP: {}, INP: {}, CLS: {} },
  };
}

export function addRequest(stats: PerformanceStats, sample: { serverMs: number; dbMs: number | null; status: number }) {
  stats.requests++;
  if (sample.status >= 500) stats.errors++;
  stats.serverMsSum += sample.serverMs;
  if (sample.dbMs !== null) {
    stats.dbMsSum += sample.dbMs;
    stats.dbRequests++;
  }
  addToHistogram(stats.histograms.server, "server", sample.serverMs);
}

export function addVital(stats: PerformanceStats, metric: VitalMetric, value: number) {
  addToHistogram(stats.histograms[metric], metric, value);
}

export function mergeStats(a: PerformanceStats, b: PerformanceStats): PerformanceStats {
  return {
    requests: a.requests + b.requests,
    errors: a.errors + b.errors,
    serverMsSum: a.serverMsSum + b.serverMsSum,
    dbMsSum: a.dbMsSum + b.dbMsSum,
    dbRequests: a.dbRequests + b.dbRequests,
    sessions: a.sessions + b.sessions,
    histograms: {
      server: mergeHistograms(a.histograms.server, b.histograms.server),
      LCP: mergeHistograms(a.histograms.LCP, b.histograms.LCP),
      INP: mergeHistograms(a.histograms.INP, b.histograms.INP),
      CLS: mergeHistograms(a.histograms.CLS, b.histograms.CLS),
    },
  };
}

/** A session: a staff member's requests with no gap over 30 minutes, counted on the day it starts. */
export const SESSION_GAP_MS = 30 * 60 * 1000;

/**
 * Sessions among one day's requests, given in time order. `lastSeen` carries each staff
 * member's previous request of that day (pass one map per day). Requests without a staff
 * pseudonym do not count.
 */
export function countSessions(
  requests: Iterable<{ staffKey: string | null; at: Date }>,
  lastSeen: Map<string, number>,
) {
  let sessions = 0;
  for (const { staffKey, at } of requests) {
    if (!staffKey) continue;
    const previous = lastSeen.get(staffKey);
    const t = at.getTime();
    if (previous === undefined || t - previous > SESSION_GAP_MS) sessions++;
    lastSeen.set(staffKey, Math.max(t, previous ?? t));
  }
  return sessions;
}
