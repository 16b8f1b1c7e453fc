import { describe, expect, it } from "vitest";
import {
  DEFAULT_REDEMPTION_RATE,
  MIN_HISTORY_DAYS,
  MIN_POINTS_EARNED,
  observedRedemptionRate,
  redemptionBasis,
  redemptionWindow,
  redemptionWindowAt,
} from "~/features/loyalty/redemption-rate";
import { addDays, eachDay } from "~/lib/dates";

const NY = "America/New_York";

describe("redemptionWindow", () => {
  it("is the last 12 store months, today included", () => {
    expect(redemptionWindow("2026-11-28")).toEqual({ from: "2025-11-29", to: "2026-11-28" });
    expect(eachDay(redemptionWindow("2026-11-28"))).toHaveLength(365);
    // 29 February a year back is 28 February: the window starts on 1 March.
    expect(redemptionWindow("2028-02-29")).toEqual({ from: "2027-03-01", to: "2028-02-29" });
    expect(redemptionWindow("2026-01-15")).toEqual({ from: "2025-01-16", to: "2026-01-15" });
  });

  it("ends on the store's day, not UTC's, on both sides of a clock change", () => {
    // 2026-03-08 05:30 UTC is 00:30 EST on 8 March (clocks go forward at 02:00 that day).
    expect(redemptionWindowAt(new Date("2026-03-08T05:30:00Z"), NY)).toEqual({ from: "2025-03-09", to: "2026-03-08" });
    // 2026-03-08 04:30 UTC is still 7 March in New York.
    expect(redemptionWindowAt(new Date("2026-03-08T04:30:00Z"), NY).to).toBe("2026-03-07");
    // 2026-11-01 04:30 UTC is 00:30 EDT on 1 November, the day clocks go back.
    expect(redemptionWindowAt(new Date("2026-11-01T04:30:00Z"), NY)).toEqual({ from: "2025-11-02", to: "2026-11-01" });
    expect(redemptionWindowAt(new Date("2026-11-01T03:30:00Z"), NY).to).toBe("2026-10-31");
  });
});

const day = (d: string, kind: string, points: number) => ({ day: d, kind, points });

describe("observedRedemptionRate", () => {
  const window = redemptionWindow("2026-11-28");

  it("has no rate without history, and the default is used", () => {
    const observed = observedRedemptionRate([], window, null);
    expect(observed).toMatchObject({ earned: 0, redeemed: 0, rate: null, tooLittle: "days" });
    expect(redemptionBasis(observed, null)).toMatchObject({ used: DEFAULT_REDEMPTION_RATE, source: "default" });
  });

  it("is points redeemed (less codes given back) ÷ points earned (less refunds' reversals) in the window", () => {
    const sums = [
      day(window.from, "earn", 6_000),
      day("2026-06-01", "earn", 5_000),
      day("2026-06-02", "reverse", -1_000),
      day("2026-07-01", "redeem", -2_500),
      day("2026-08-01", "reimburse", 500),
      day("2026-08-02", "adjust", 9_999),
      day("2026-08-03", "expire", -700),
      // Outside the window: the day before it starts, and a future day.
      day(addDays(window.from, -1), "earn", 50_000),
      day(addDays(window.from, -1), "redeem", -50_000),
      day("2026-11-29", "redeem", -10_000),
    ];
    const observed = observedRedemptionRate(sums, window, "2024-01-01");
    expect(observed).toMatchObject({ earned: 10_000, redeemed: 2_000, rate: 0.2, tooLittle: null });
    expect(redemptionBasis(observed, null)).toMatchObject({ used: 0.2, source: "observed" });
  });

  it("counts store days across a clock change: the day sums at both edges of a DST-spanning window", () => {
    // Today is 8 March 2026 in New York (after the spring change); the window starts 9 March 2025.
    const w = redemptionWindowAt(new Date("2026-03-08T12:00:00Z"), NY);
    const sums = [
      day("2025-03-08", "earn", 99_000),
      day("2025-03-09", "earn", 2_000),
      day("2025-11-02", "earn", 2_000),
      day("2026-03-08", "redeem", -1_000),
    ];
    expect(observedRedemptionRate(sums, w, "2025-01-01")).toMatchObject({ earned: 4_000, redeemed: 1_000, rate: 0.25 });
  });

  it("falls back while the ledger is younger than the threshold or too few points were earned", () => {
    const young = addDays(window.to, -(MIN_HISTORY_DAYS - 2));
    const sums = [day(window.to, "earn", 5_000), day(window.to, "redeem", -1_000)];
    expect(observedRedemptionRate(sums, window, young)).toMatchObject({ rate: null, tooLittle: "days" });
    expect(observedRedemptionRate(sums, window, addDays(young, -1))).toMatchObject({ rate: 0.2, tooLittle: null });
    const few = [day(window.to, "earn", MIN_POINTS_EARNED - 1), day(window.to, "redeem", -10)];
    expect(observedRedemptionRate(few, window, "2020-01-01")).toMatchObject({ rate: null, tooLittle: "points" });
  });

  it("caps at 1 when older points are redeemed, and the merchant's override wins", () => {
    const sums = [day(window.to, "earn", 1_000), day(window.to, "redeem", -3_000)];
    const observed = observedRedemptionRate(sums, window, "2020-01-01");
    expect(observed.rate).toBe(1);
    expect(redemptionBasis(observed, 0.35)).toMatchObject({ used: 0.35, source: "override", rate: 1 });
    expect(redemptionBasis(observed, 0)).toMatchObject({ used: 0, source: "override" });
  });
});
