// The figures the Performance tab and the dashboard card show, and the health score, from
// a period's PerformanceStats. One definition each (docs/product/performance.md).
import { formatPercent } from "~/lib/money";
import {
  histogramCount,
  histogramPercentile,
  VITAL_METRICS,
  type PerformanceStats,
  type VitalMetric,
} from "~/features/telemetry/stats";

/** Built for Shopify's bar for embedded apps, at the 75th percentile of page loads. */
export const VITAL_BARS: Record<VitalMetric, { label: string; good: number; poor: number; unit: "ms" | "" }> = {
  LCP: { label: "Largest Contentful Paint", good: 2500, poor: 4000, unit: "ms" },
  INP: { label: "Interaction to Next Paint", good: 200, poor: 500, unit: "ms" },
  CLS: { label: "Cumulative Layout Shift", good: 0.1, poor: 0.25, unit: "" },
};

/**
 * The health score's parts: each scores 1 at or under its target, 0 at or over its limit,
 * linearly between; the score is 100 × the weighted mean of the parts that have data.
 */
export const HEALTH_PARTS = [
  { id: "p95", label: "API p95", weight: 30, good: 500, poor: 2000 },
  { id: "errorRate", label: "Error rate", weight: 25, good: 0.001, poor: 0.02 },
  { id: "LCP", label: "LCP p75", weight: 15, good: VITAL_BARS.LCP.good, poor: VITAL_BARS.LCP.poor },
  { id: "INP", label: "INP p75", weight: 15, good: VITAL_BARS.INP.good, poor: VITAL_BARS.INP.poor },
  { id: "CLS", label: "CLS p75", weight: 15, good: VITAL_BARS.CLS.good, poor: VITAL_BARS.CLS.poor },
] as const;

export type HealthPartId = (typeof HEALTH_PARTS)[number]["id"];

export function partScore(value: number, good: number, poor: number): number {
  if (value <= good) return 1;
  if (value >= poor) return 0;
  return (poor - value) / (poor - good);
}

export type HealthScore = {
  score: number;
  parts: { id: HealthPartId; label: string; weight: number; value: number | null; score: number | null }[];
};

export function healthScore(values: Record<HealthPartId, number | null>): HealthScore | null {
  let weighted = 0;
  let weights = 0;
  const parts = HEALTH_PARTS.map((part) => {
    const value = values[part.id];
    const score = value === null ? null : partScore(value, part.good, part.poor);
    if (score !== null) {
      weighted += part.weight * score;
      weights += part.weight;
    }
    return { id: part.id, label: part.label, weight: part.weight, value, score };
  });
  return weights === 0 ? null : { score: Math.round((100 * weighted) / weights), parts };
}

export type VitalFigure = { p75: number | null; count: number; meetsBar: boolean | null };

export type PerformanceFigures = {
  requests: number;
  medianMs: number | null;
  p95Ms: number | null;
  dbAvgMs: number | null;
  /** Share of responses with status 500 or above (a fraction). */
  errorRate: number | null;
  sessions: number;
  vitals: Record<VitalMetric, VitalFigure>;
  health: HealthScore | null;
};

export function figuresOf(stats: PerformanceStats): PerformanceFigures {
  const has = stats.requests > 0;
  const p95Ms = histogramPercentile(stats.histograms.server, "server", 0.95);
  const vitals = Object.fromEntries(
    VITAL_METRICS.map((metric) => {
      const p75 = histogramPercentile(stats.histograms[metric], metric, 0.75);
      const figure: VitalFigure = {
        p75,
        count: histogramCount(stats.histograms[metric]),
        meetsBar: p75 === null ? null : p75 <= VITAL_BARS[metric].good,
      };
      return [metric, figure];
    }),
  ) as Record<VitalMetric, VitalFigure>;
  const errorRate = has ? stats.errors / stats.requests : null;
  return {
    requests: stats.requests,
    medianMs: histogramPercentile(stats.histograms.server, "server", 0.5),
    p95Ms,
    dbAvgMs: stats.dbRequests ? stats.dbMsSum / stats.dbRequests : null,
    errorRate,
    sessions: stats.sessions,
    vitals,
    health: healthScore({
      p95: p95Ms,
      errorRate,
      LCP: vitals.LCP.p75,
      INP: vitals.INP.p75,
      CLS: vitals.CLS.p75,
    }),
  };
}

/** The formula as the screens show it. */
export const HEALTH_FORMULA =
  "Health = 100 × weighted mean of part scores (API p95 30 %, error rate 25 %, LCP, INP and CLS 15 % each; " +
  "parts without data are left out). A part scores 1 at or under its target (p95 500 ms, errors 0.1 %, " +
  "LCP 2.5 s, INP 200 ms, CLS 0.1), 0 at or over its limit (2 s, 2 %, 4 s, 500 ms, 0.25), linearly between.";

export function formatMs(ms: number | null): string {
  if (ms === null) return "—";
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(2))} s`;
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

export function formatVital(metric: VitalMetric, value: number | null): string {
  if (value === null) return "—";
  return metric === "CLS" ? value.toFixed(2) : formatMs(value);
}

/** Error rates are small: two decimals of a percent. */
export function formatRate(fraction: number | null): string {
  return fraction === null ? "—" : formatPercent(fraction, 2);
}

export type DayFigures = {
  day: string;
  requests: number;
  medianMs: number | null;
  p95Ms: number | null;
  dbAvgMs: number | null;
  errorRate: number | null;
  sessions: number;
};

/** The last 7 days (today included, shop time zone) as the screens get them. */
export type PerformanceReport = {
  from: string;
  to: string;
  figures: PerformanceFigures;
  days: DayFigures[];
  /** When these figures were computed (the screens say how fresh they are). */
  computedAt: string;
  /** computedAt's time of day in the shop's time zone, e.g. "21:30:04". */
  computedTime: string;
};
