import { describe, expect, it } from "vitest";
import { changeTone, coverage, honestChange, isComparable } from "~/features/profit/comparison";

const previous = { from: "2026-05-01", to: "2026-05-30" }; // 30 days

describe("comparable periods", () => {
  it("measures how much of the period the store's history covers", () => {
    expect(coverage(previous, null)).toBe(0);
    expect(coverage(previous, "2025-01-01")).toBe(1);
    expect(coverage(previous, "2026-05-01")).toBe(1);
    expect(coverage(previous, "2026-05-30")).toBeCloseTo(1 / 30, 10);
    expect(coverage(previous, "2026-06-01")).toBe(0);
  });

  it("is comparable when at least 75% of its days are covered", () => {
    // 23 of 30 days covered (from 8 May) is 76.7%; 22 of 30 (from 9 May) is 73.3%.
    expect(isComparable(previous, "2026-05-08")).toBe(true);
    expect(isComparable(previous, "2026-05-09")).toBe(false);
    expect(isComparable(previous, null)).toBe(false);
  });

  it("shows no change without a comparable period, a previous value, or from zero", () => {
    expect(honestChange(150, 100, true)).toBeCloseTo(0.5, 10);
    expect(honestChange(-50, -100, true)).toBeCloseTo(0.5, 10);
    expect(honestChange(150, 100, false)).toBeNull();
    expect(honestChange(150, 0, true)).toBeNull();
    expect(honestChange(150, null, true)).toBeNull();
    expect(honestChange(null, 100, true)).toBeNull();
  });

  it("draws a rising cost as bad news and a rising sale as good news", () => {
    expect(changeTone(0.2, "lowerIsBetter")).toBe("critical");
    expect(changeTone(-0.2, "lowerIsBetter")).toBe("success");
    expect(changeTone(0.2, "higherIsBetter")).toBe("success");
    expect(changeTone(-0.2, "higherIsBetter")).toBe("critical");
    expect(changeTone(0, "higherIsBetter")).toBe("subdued");
  });
});
