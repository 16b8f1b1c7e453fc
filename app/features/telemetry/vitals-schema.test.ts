import { describe, expect, it } from "vitest";
import { vitalsBodySchema } from "~/features/telemetry/vitals-schema";
import { vitalValue } from "~/features/telemetry/vitals-client";

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
  it("keeps milliseconds whole and the layout-shift score to 4 decimals", () => {
    expect(vitalValue("LCP", 1234.56)).toBe(1235);
    expect(vitalValue("INP", 199.5)).toBe(200);
    expect(vitalValue("CLS", 0.123456)).toBe(0.1235);
  });
});
