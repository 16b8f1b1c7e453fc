import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bandOf, confidence, zOfProbability } from "./confidence";
import { rank, scoreOf } from "./rank";
import { movedMaterially, nextStatus } from "./lifecycle";
import type { Finding } from "./types";

describe("confidence", () => {
  it("is one score in 0–1, rising with the evidence and with the sample", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20, noNaN: true }), fc.integer({ min: 1, max: 500 }), (z, n) => {
        const c = confidence({ z, n });
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1);
        expect(confidence({ z: z + 1, n })).toBeGreaterThanOrEqual(c);
        expect(confidence({ z, n: n + 5 })).toBeGreaterThanOrEqual(c);
      }),
    );
  });

  it("reads a 3.5σ deviation on four weeks as High and on three days as Low", () => {
    expect(bandOf(confidence({ z: 3.5, n: 28 }))).toBe("High");
    expect(bandOf(confidence({ z: 3.5, n: 3 }))).toBe("Low");
    expect(bandOf(confidence({ z: 2.8, n: 28 }))).toBe("Medium");
    expect(confidence({ z: Number.NaN, n: 5 })).toBe(0);
  });

  it("turns a probability into the same scale", () => {
    expect(confidence({ z: zOfProbability(0.9), n: 1_000 })).toBeCloseTo(0.9, 1);
  });
});

const finding = (over: Partial<Finding>): Finding => ({
  category: "inventory",
  kind: "stockout",
  subject: { type: "variant", id: "v" },
  title: "t",
  description: "d",
  facts: {},
  strength: { z: 5, n: 30 },
  potentialValueMinor: 10_000,
  valueFormula: null,
  evidence: { observed: "", expected: "", band: "", baselineWindow: "", sampleSize: 30, method: "" },
  link: null,
  action: null,
  figure: 1,
  day: "2026-11-29",
  ...over,
});

describe("ranking", () => {
  it("orders by value × confidence × recency, halves a week-old finding, drops weak ones", () => {
    const today = "2026-11-29";
    const fresh = scoreOf(finding({}), today).score;
    expect(scoreOf(finding({ day: "2026-11-22" }), today).score).toBeCloseTo(fresh / 2, 0);
    const kept = rank(
      [
        finding({ subject: { type: "v", id: "small" }, potentialValueMinor: 100 }),
        finding({ subject: { type: "v", id: "big" }, potentialValueMinor: 100_000 }),
        finding({ subject: { type: "v", id: "weak" }, strength: { z: 1, n: 2 } }),
      ],
      today,
    );
    expect(kept.map((k) => k.subject.id)).toEqual(["big", "small"]);
  });

  it("keeps at most the cap per category", () => {
    const many = Array.from({ length: 9 }, (_, i) => finding({ subject: { type: "v", id: `v${i}` } }));
    const other = finding({ category: "money", subject: { type: "i", id: "o" } });
    const kept = rank([...many, other], "2026-11-29", 5);
    expect(kept.filter((k) => k.category === "inventory")).toHaveLength(5);
    expect(kept.some((k) => k.category === "money")).toBe(true);
  });
});

describe("lifecycle", () => {
  const stored = {
    status: "dismissed" as const,
    statusFigure: 100,
    snoozedUntil: null,
    current: true,
    lastSeenDay: "",
  };
  it("keeps a dismissed subject quiet until its figure moves by a quarter", () => {
    expect(nextStatus(stored, 110, "2026-11-29", 0)).toBe("dismissed");
    expect(nextStatus(stored, 130, "2026-11-29", 0)).toBe("new");
    expect(movedMaterially(0, 0)).toBe(false);
  });

  it("wakes a snoozed insight on its day and a stopped one only after the cool-down", () => {
    const snoozed = { ...stored, status: "snoozed" as const, snoozedUntil: "2026-12-01" };
    expect(nextStatus(snoozed, 100, "2026-11-29", 0)).toBe("snoozed");
    expect(nextStatus(snoozed, 100, "2026-12-01", 0)).toBe("new");
    const stopped = { ...stored, status: "seen" as const, current: false };
    expect(nextStatus(stopped, 100, "2026-11-29", 3)).toBe("seen");
    expect(nextStatus(stopped, 100, "2026-11-29", 8)).toBe("new");
  });
});
