import { describe, expect, it } from "vitest";
import { vitalsBodySchema } from "~/features/telemetry/vitals-schema";
import { clsOf, inpOf } from "~/features/telemetry/vitals-client";

describe("the /api/vitals body", () => {
  const ok = (body: unknown) => vitalsBodySchema.safeParse(body).success;

  it("accepts up to one measurement per metric", () => {
    expect(
      ok({
        metrics: [
          { name: "LCP", value: 1234 },
          { name: "INP", value: 80 },
          { name: "CLS", value: 0.02 },
        ],
      }),
    ).toBe(true);
    expect(ok({ metrics: [{ name: "CLS", value: 0 }] })).toBe(true);
  });

  it("refuses unknown metrics, duplicates, negatives, non-numbers, out of range and empty lists", () => {
    expect(ok({ metrics: [{ name: "FID", value: 10 }] })).toBe(false);
    expect(
      ok({
        metrics: [
          { name: "LCP", value: 1 },
          { name: "LCP", value: 2 },
        ],
      }),
    ).toBe(false);
    expect(ok({ metrics: [{ name: "LCP", value: -1 }] })).toBe(false);
    expect(ok({ metrics: [{ name: "LCP", value: "1200" }] })).toBe(false);
    expect(ok({ metrics: [{ name: "CLS", value: 101 }] })).toBe(false);
    expect(ok({ metrics: [{ name: "LCP", value: 1e9 }] })).toBe(false);
    expect(ok({ metrics: [] })).toBe(false);
    expect(ok({})).toBe(false);
    expect(ok(null)).toBe(false);
  });
});

describe("the browser's measurements", () => {
  it("CLS is the largest session window of shifts", () => {
    // Window 1: 0.05 + 0.05 (0.5 s apart); a 2 s gap; window 2: 0.02 + 0.02 + 0.03.
    const shifts = [
      { startTime: 100, value: 0.05 },
      { startTime: 600, value: 0.05 },
      { startTime: 2600, value: 0.02 },
      { startTime: 3000, value: 0.02 },
      { startTime: 3500, value: 0.03 },
    ];
    expect(clsOf(shifts)).toBeCloseTo(0.1);
    expect(clsOf([])).toBe(0);
  });

  it("a window closes after 5 s even without a gap", () => {
    const shifts = Array.from({ length: 12 }, (_, i) => ({ startTime: i * 900, value: 0.01 }));
    // Shifts at 0..4500 (6 of them) are one window; 5400.. starts another (6 more).
    expect(clsOf(shifts)).toBeCloseTo(0.06);
  });

  it("INP is the longest interaction, one ignored per 50", () => {
    expect(inpOf([])).toBeNull();
    expect(inpOf([40, 120, 80])).toBe(120);
    const many = Array.from({ length: 60 }, (_, i) => i + 1); // 1..60: one of 60 ignored → 59
    expect(inpOf(many)).toBe(59);
  });
});
