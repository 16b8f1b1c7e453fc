import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addRequest,
  bucketOf,
  countSessions,
  emptyStats,
  histogramPercentile,
  mergeStats,
  addToHistogram,
  type Histogram,
} from "~/features/telemetry/stats";

/** Nearest rank on the raw values: the reference the histogram must agree with. */
function nearestRank(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1];
}

function histogramOf(values: number[]): Histogram {
  const h: Histogram = {};
  for (const v of values) addToHistogram(h, "server", v);
  return h;
}

describe("percentiles from the log-scale histogram", () => {
  it("reads the median and p95 of a hand-made list within 2.5 %", () => {
    // 1..100 ms: nearest-rank median 50, p95 95.
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    const h = histogramOf(values);
    expect(Math.abs(histogramPercentile(h, "server", 0.5)! / 50 - 1)).toBeLessThanOrEqual(0.025);
    expect(Math.abs(histogramPercentile(h, "server", 0.95)! / 95 - 1)).toBeLessThanOrEqual(0.025);
  });

  it("has no percentile without measurements", () => {
    expect(histogramPercentile({}, "server", 0.5)).toBeNull();
  });

  it("reads zero for values at or under the floor (a CLS of 0 stays 0)", () => {
    const h: Histogram = {};
    for (const v of [0, 0, 0, 0.3]) addToHistogram(h, "CLS", v);
    expect(histogramPercentile(h, "CLS", 0.75)).toBe(0);
    expect(Math.abs(histogramPercentile(h, "CLS", 1)! / 0.3 - 1)).toBeLessThanOrEqual(0.025);
  });

  it("puts a value on a bucket edge in the lower bucket", () => {
    expect(bucketOf("server", 0.1)).toBe(0);
    expect(bucketOf("server", 0.1 * 1.05)).toBe(1);
    expect(bucketOf("server", 0.1 * 1.05 * 1.0001)).toBe(2);
  });

  it("agrees with the exact nearest rank within 2.5 % for any list (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.2, max: 60_000, noNaN: true }), { minLength: 1, maxLength: 300 }),
        fc.constantFrom(0.5, 0.75, 0.95, 0.99),
        (values, p) => {
          const estimate = histogramPercentile(histogramOf(values), "server", p)!;
          expect(Math.abs(estimate / nearestRank(values, p) - 1)).toBeLessThanOrEqual(0.0251);
        },
      ),
    );
  });

  it("merging two days gives the figures of the two lists together", () => {
    const a = [12, 40, 300, 7];
    const b = [90, 91, 1200];
    const statsOf = (values: number[]) => {
      const s = emptyStats();
      values.forEach((v, i) => addRequest(s, { serverMs: v, dbMs: v / 2, status: i === 0 ? 503 : 200 }));
      return s;
    };
    const merged = mergeStats(statsOf(a), statsOf(b));
    const together = statsOf([...a, ...b]);
    expect(merged.requests).toBe(7);
    expect(merged.errors).toBe(2);
    expect(merged.dbMsSum).toBeCloseTo((12 + 40 + 300 + 7 + 90 + 91 + 1200) / 2);
    expect(histogramPercentile(merged.histograms.server, "server", 0.5)).toBe(
      histogramPercentile(together.histograms.server, "server", 0.5),
    );
  });
});

describe("sessions", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 9, 0) + minutes * 60_000);

  it("counts a new session after more than 30 minutes without a request, per staff member", () => {
    const requests = [
      { staffKey: "ann", at: at(0) },
      { staffKey: "ann", at: at(10) },
      { staffKey: "bob", at: at(12) },
      { staffKey: "ann", at: at(40) }, // 30 minutes after 10: same session
      { staffKey: "ann", at: at(71) }, // 31 minutes: new session
      { staffKey: null, at: at(72) }, // unknown staff: not counted
    ];
    expect(countSessions(requests, new Map())).toBe(3);
  });

  it("carries the last request across batches of the same day", () => {
    const lastSeen = new Map<string, number>();
    expect(countSessions([{ staffKey: "ann", at: at(0) }], lastSeen)).toBe(1);
    expect(countSessions([{ staffKey: "ann", at: at(5) }], lastSeen)).toBe(0);
  });
});
