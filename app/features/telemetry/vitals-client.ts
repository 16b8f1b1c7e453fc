// Core Web Vitals of the admin page, measured in the browser with Google's `web-vitals`
// library (the definitions Shopify uses for Built for Shopify: LCP, INP, CLS), and sent to
// POST /api/vitals as each one is final: LCP at the first input or when the page is
// hidden, CLS and INP when the page is hidden. A keepalive fetch (not sendBeacon) so that,
// embedded, App Bridge adds the session token that authenticates it.
import { onCLS, onINP, onLCP, type Metric } from "web-vitals";
import type { VitalMetric } from "~/features/telemetry/stats";

let started = false;

/** The value we store: milliseconds for LCP and INP, the unitless score (4 decimals) for CLS. */
export function vitalValue(name: VitalMetric, value: number): number {
  return name === "CLS" ? Number(value.toFixed(4)) : Math.round(value);
}

function send(metric: Metric): void {
  const name = metric.name as VitalMetric;
  if (name !== "LCP" && name !== "INP" && name !== "CLS") return;
  void fetch("/api/vitals", {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ metrics: [{ name, value: vitalValue(name, metric.value) }] }),
  }).catch(() => {});
}

/** Starts measuring (once per page load). */
export function startVitals(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  onLCP(send);
  onINP(send);
  onCLS(send);
}
