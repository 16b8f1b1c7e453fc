// Core Web Vitals of the admin page, measured in the browser with PerformanceObserver the
// way the `web-vitals` library does (which this project does not install; see
// docs/decisions/043-measured-performance.md), and sent to POST /api/vitals:
//   LCP  the last largest-contentful-paint entry before the first input (hard loads only);
//   CLS  the largest session window of layout shifts without recent input (gaps < 1 s, ≤ 5 s);
//   INP  the longest interaction, ignoring one per 50 interactions (a 98th percentile).
// LCP is sent at the first in-app navigation or when the page is hidden; CLS and INP, which
// grow for the page's whole life, when it is first hidden. Each is sent once per page load.
import type { VitalMetric } from "~/features/telemetry/stats";

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type EventTiming = PerformanceEntry & { interactionId?: number };

type State = { lcp: number | null; lcpFinal: boolean; cls: number; inp: Map<number, number>; sent: Set<VitalMetric> };

let state: State | null = null;

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void, extra: object = {}) {
  try {
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true, ...extra });
  } catch {
    // An old browser: that metric is simply not measured.
  }
}

/** The CLS of a list of shifts: the largest session window (pure, for the test). */
export function clsOf(shifts: { startTime: number; value: number }[]): number {
  let best = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const s of shifts) {
    if (window > 0 && s.startTime - last < 1000 && s.startTime - first < 5000) window += s.value;
    else {
      window = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, window);
  }
  return best;
}

/** INP from each interaction's longest duration (pure, for the test); null without interactions. */
export function inpOf(durations: number[]): number | null {
  if (!durations.length) return null;
  const sorted = [...durations].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(durations.length / 50))];
}

/** Starts measuring (once per page load). */
export function startVitals(): void {
  if (state || typeof PerformanceObserver === "undefined") return;
  const s: State = (state = { lcp: null, lcpFinal: false, cls: 0, inp: new Map(), sent: new Set() });
  // A page opened in the background has no meaningful LCP.
  if (document.visibilityState === "hidden") s.lcpFinal = true;
  observe("largest-contentful-paint", (entries) => {
    if (!s.lcpFinal && entries.length) s.lcp = entries[entries.length - 1].startTime;
  });
  const endLcp = () => (s.lcpFinal = true);
  for (const type of ["keydown", "pointerdown"]) addEventListener(type, endLcp, { once: true, capture: true });
  const shifts: Shift[] = [];
  observe("layout-shift", (entries) => {
    for (const e of entries as Shift[]) if (!e.hadRecentInput) shifts.push(e);
    s.cls = clsOf(shifts);
  });
  const onEvents = (entries: PerformanceEntry[]) => {
    for (const e of entries as EventTiming[])
      if (e.interactionId) s.inp.set(e.interactionId, Math.max(s.inp.get(e.interactionId) ?? 0, e.duration));
  };
  observe("event", onEvents, { durationThreshold: 40 });
  observe("first-input", onEvents);
  const onHidden = () => {
    if (document.visibilityState === "hidden") flushVitals(true);
  };
  addEventListener("visibilitychange", onHidden, { capture: true });
  addEventListener("pagehide", () => flushVitals(true), { capture: true });
}

function pending(s: State, leaving: boolean): { name: VitalMetric; value: number }[] {
  const out: { name: VitalMetric; value: number }[] = [];
  if (s.lcp !== null && !s.sent.has("LCP")) out.push({ name: "LCP", value: Math.round(s.lcp) });
  if (leaving && !s.sent.has("CLS")) out.push({ name: "CLS", value: Number(s.cls.toFixed(4)) });
  const inp = inpOf([...s.inp.values()]);
  if (leaving && inp !== null && !s.sent.has("INP")) out.push({ name: "INP", value: Math.round(inp) });
  return out;
}

/**
 * Sends what is measured and not sent yet. `leaving`: the page is hidden or unloading, so
 * CLS and INP are final. A keepalive fetch (not sendBeacon) so that, embedded, App Bridge
 * adds the session token that authenticates it.
 */
export function flushVitals(leaving: boolean): void {
  const s = state;
  if (!s) return;
  const metrics = pending(s, leaving);
  if (!metrics.length) return;
  for (const m of metrics) s.sent.add(m.name);
  s.lcpFinal = true;
  void fetch("/api/vitals", {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ metrics }),
  }).catch(() => {});
}
