import { describe, expect, it } from "vitest";
import { figuresOf, formatMs, formatRate, healthScore, partScore } from "~/features/telemetry/figures";
import { addRequest, addVital, emptyStats } from "~/features/telemetry/stats";

describe("the health score", () => {
  it("scores a part 1 at its target, 0 at its limit, linearly between", () => {
    expect(partScore(400, 500, 2000)).toBe(1);
    expect(partScore(500, 500, 2000)).toBe(1);
    expect(partScore(1250, 500, 2000)).toBe(0.5);
    expect(partScore(2000, 500, 2000)).toBe(0);
    expect(partScore(9000, 500, 2000)).toBe(0);
  });

  it("is the weighted mean of the parts, by hand", () => {
    // p95 1250 ms → 0.5 (weight 30); errors 0 → 1 (25); LCP 3250 → 0.5 (15); INP 100 → 1 (15); CLS 0.25 → 0 (15).
    // (15 + 25 + 7.5 + 15 + 0) / 100 = 62.5 → 63
    expect(healthScore({ p95: 1250, errorRate: 0, LCP: 3250, INP: 100, CLS: 0.25 })?.score).toBe(63);
  });

  it("leaves out parts without data and has no score without any", () => {
    // Server only: p95 1250 → 0.5 (30), errors 1 % → (0.02 − 0.01) / 0.019 = 0.526 (25).
    expect(healthScore({ p95: 1250, errorRate: 0.01, LCP: null, INP: null, CLS: null })?.score).toBe(
      Math.round((100 * (30 * 0.5 + 25 * (0.01 / 0.019))) / 55),
    );
    expect(healthScore({ p95: null, errorRate: null, LCP: null, INP: null, CLS: null })).toBeNull();
  });
});

describe("a period's figures", () => {
  it("computes error rate, database average and vitals against the bar", () => {
    const stats = emptyStats();
    for (let i = 0; i < 100; i++) addRequest(stats, { serverMs: 100, dbMs: 20, status: i < 2 ? 500 : 200 });
    for (const v of [1000, 1200, 2000, 3000]) addVital(stats, "LCP", v);
    const f = figuresOf(stats);
    expect(f.errorRate).toBe(0.02);
    expect(f.dbAvgMs).toBe(20);
    expect(f.vitals.LCP.count).toBe(4);
    // p75 of four is the third: 2000 ms, under 2.5 s.
    expect(Math.abs(f.vitals.LCP.p75! / 2000 - 1)).toBeLessThanOrEqual(0.025);
    expect(f.vitals.LCP.meetsBar).toBe(true);
    expect(f.vitals.INP).toEqual({ p75: null, count: 0, meetsBar: null });
  });

  it("averages database time over the requests in the database sample only", () => {
    const stats = emptyStats();
    for (let i = 0; i < 10; i++) addRequest(stats, { serverMs: 50, dbMs: i < 4 ? 10 + i : null, status: 200 });
    expect(stats.requests).toBe(10);
    expect(stats.dbRequests).toBe(4);
    expect(figuresOf(stats).dbAvgMs).toBe(11.5);
    const none = emptyStats();
    addRequest(none, { serverMs: 50, dbMs: null, status: 200 });
    expect(figuresOf(none).dbAvgMs).toBeNull();
  });

  it("has nothing to show without samples", () => {
    const f = figuresOf(emptyStats());
    expect(f.medianMs).toBeNull();
    expect(f.errorRate).toBeNull();
    expect(f.health).toBeNull();
  });

  it("formats times and rates", () => {
    expect(formatMs(287.4)).toBe("287 ms");
    expect(formatMs(2500)).toBe("2.5 s");
    expect(formatMs(4.25)).toBe("4.3 ms");
    expect(formatMs(null)).toBe("—");
    expect(formatRate(0.0002)).toBe("0.02%");
  });
});
