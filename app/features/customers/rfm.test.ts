import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHURN_RISKS } from "./clv";
import {
  DEFAULT_SEGMENT_SETTINGS,
  bandThreshold,
  scoreByRank,
  scoreLine,
  scoresAgainst,
  type CustomerFigures,
} from "./rfm";
import { figuresOf, scoreCustomers, segmentOf } from "~tests/customers-reference";

const fig = (over: Partial<CustomerFigures> & { id: string }): CustomerFigures => ({
  recencyDays: 10,
  frequency: 1,
  monetaryMinor: 1000,
  firstOrderDays: 200,
  medianGapDays: null,
  ...over,
});

describe("scoreByRank", () => {
  it("splits ten distinct values into quintiles of two", () => {
    expect(scoreByRank([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 5)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it("gives tied values the score of their group's middle rank", () => {
    // Ranks 0..9; the six 1s occupy ranks 0-5 (middle 3 → floor(5×3/10)+1 = 2).
    expect(scoreByRank([1, 1, 1, 1, 1, 1, 2, 3, 4, 5], 5)).toEqual([2, 2, 2, 2, 2, 2, 4, 4, 5, 5]);
  });

  it("scores tertiles for three bands", () => {
    expect(scoreByRank([3, 1, 2], 3)).toEqual([3, 1, 2]);
  });

  it("is monotone, in range, and equal values share a score (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 300 }),
        fc.constantFrom(3, 5),
        (values, bands) => {
          const s = scoreByRank(values, bands);
          for (let i = 0; i < values.length; i++) {
            expect(s[i]).toBeGreaterThanOrEqual(1);
            expect(s[i]).toBeLessThanOrEqual(bands);
            for (let j = 0; j < values.length; j++) {
              if (values[i]! < values[j]!) expect(s[i]!).toBeLessThanOrEqual(s[j]!);
              if (values[i] === values[j]) expect(s[i]).toBe(s[j]);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("fills every band within one of n / bands when values are distinct (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { minLength: 5, maxLength: 400 }), (values) => {
        const s = scoreByRank(values, 5);
        for (let b = 1; b <= 5; b++) {
          const count = s.filter((x) => x === b).length;
          expect(Math.abs(count - values.length / 5)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe("scoreByRank on shifted and scaled values", () => {
  it("gives every value the same score after adding a constant (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -70_000, max: 70_000 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 500 }),
        fc.constantFrom(3, 5),
        (offset, values, bands) => {
          expect(
            scoreByRank(
              values.map((v) => v + offset),
              bands,
            ),
          ).toEqual(scoreByRank(values, bands));
        },
      ),
    );
  });

  it("scores small-range, wide and fractional values by their order alone", () => {
    expect(scoreByRank([5, 3, 3, 900, 0, 12], 5)).toEqual([3, 2, 2, 5, 1, 4]);
    expect(scoreByRank([0, 2 ** 40, 7, 7, 3], 3)).toEqual([1, 3, 2, 2, 1]);
    expect(scoreByRank([0.5, 1.5, 1.5], 3)).toEqual(scoreByRank([1, 2, 2], 3));
  });
});

describe("scoreCustomers", () => {
  it("uses tertiles with the small-store note under 500 customers, quintiles from 500", () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        fig({ id: `c${i}`, recencyDays: i, frequency: i % 7, monetaryMinor: i * 10 }),
      );
    const small = scoreCustomers(many(499));
    expect(small.bands).toBe(3);
    expect(small.smallStore).toBe(true);
    expect(Math.max(...[...small.scores.values()].map((s) => s.r))).toBe(3);
    const large = scoreCustomers(many(500));
    expect(large.bands).toBe(5);
    expect(large.smallStore).toBe(false);
  });

  it("scores the most recent customers highest and leaves customers without orders unscored", () => {
    const shop = scoreCustomers([
      fig({ id: "old", recencyDays: 300 }),
      fig({ id: "mid", recencyDays: 100 }),
      fig({ id: "recent", recencyDays: 1 }),
      fig({ id: "never", recencyDays: null, firstOrderDays: null }),
    ]);
    expect(shop.scores.get("recent")!.r).toBe(3);
    expect(shop.scores.get("old")!.r).toBe(1);
    expect(shop.scores.has("never")).toBe(false);
    // Recency cut points are days: a score of 2 needs at most 100 days, a 3 at most 1.
    expect(shop.cutPoints.r).toEqual([300, 100, 1]);
  });

  it("scores one customer against the cut points as the whole-shop ranking did (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            d: fc.integer({ min: 0, max: 700 }),
            f: fc.integer({ min: 0, max: 12 }),
            m: fc.integer({ min: -500, max: 90000 }),
          }),
          {
            minLength: 1,
            maxLength: 120,
          },
        ),
        (rows) => {
          const figures = rows.map((row, i) =>
            fig({ id: `c${i}`, recencyDays: row.d, frequency: row.f, monetaryMinor: row.m }),
          );
          const shop = scoreCustomers(figures);
          for (const f of figures) expect(scoresAgainst(f, shop.cutPoints)).toEqual(shop.scores.get(f.id));
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("segmentOf", () => {
  const s = DEFAULT_SEGMENT_SETTINGS;

  it("puts VIP before New: a new customer at the top of all three bands is VIP", () => {
    const f = fig({ id: "a", firstOrderDays: 5 });
    expect(segmentOf(f, { r: 5, f: 5, m: 5 }, 5, s).segment).toBe("VIP");
    expect(segmentOf(f, { r: 5, f: 4, m: 5 }, 5, s).segment).toBe("New");
  });

  it("puts New before At-Risk", () => {
    const f = fig({ id: "a", firstOrderDays: 20, recencyDays: 20 });
    expect(segmentOf(f, { r: 1, f: 1, m: 5 }, 5, s, "High").segment).toBe("New");
  });

  it("decides At-Risk by the churn model alone: High is At-Risk, Low and Medium are Regular", () => {
    const f = fig({ id: "a", recencyDays: 200, firstOrderDays: 400 });
    const risky = segmentOf(f, { r: 1, f: 1, m: 1 }, 5, s, "High");
    expect(risky).toEqual({
      segment: "At-Risk",
      rule: "At-Risk: churn risk High (no order in the next 90 days is at least 80% likely)",
    });
    // The old recency rule's case (R 2, M 4) with a Low churn risk is Regular now.
    expect(segmentOf(f, { r: 2, f: 1, m: 4 }, 5, s, "Low").segment).toBe("Regular");
    expect(segmentOf(f, { r: 2, f: 1, m: 4 }, 5, s, "Medium").segment).toBe("Regular");
  });

  it("reads thresholds on the tertile scale for small stores", () => {
    expect(bandThreshold(5, 3)).toBe(3);
    expect(bandThreshold(4, 3)).toBe(2);
    expect(bandThreshold(2, 3)).toBe(1);
    const f = fig({ id: "a", recencyDays: 200 });
    expect(segmentOf(f, { r: 3, f: 3, m: 3 }, 3, s, "High").segment).toBe("VIP");
    expect(segmentOf(f, { r: 2, f: 3, m: 3 }, 3, s, "High").segment).toBe("At-Risk");
  });

  it("follows changed settings", () => {
    const f = fig({ id: "a", firstOrderDays: 45 });
    expect(segmentOf(f, { r: 3, f: 3, m: 3 }, 5, { ...s, newWithinDays: 60 }).segment).toBe("New");
    expect(segmentOf(f, { r: 4, f: 4, m: 4 }, 5, { ...s, vipMinScore: 4 }).segment).toBe("VIP");
  });

  it("never pairs At-Risk with a Low or Medium churn risk, nor Regular with High (property)", () => {
    const score = fc.integer({ min: 1, max: 5 });
    fc.assert(
      fc.property(
        score,
        score,
        score,
        fc.integer({ min: 0, max: 800 }),
        fc.constantFrom(...CHURN_RISKS),
        (r, f, m, days, risk) => {
          const figures = fig({ id: "x", recencyDays: days, firstOrderDays: days + 10 });
          const result = segmentOf(figures, { r, f, m }, 5, s, risk);
          if (r === 5 && f === 5 && m === 5) expect(result.segment).toBe("VIP");
          if (result.segment === "At-Risk") expect(risk).toBe("High");
          if (result.segment === "Regular") expect(risk).not.toBe("High");
          expect(result.rule.startsWith(result.segment)).toBe(true);
        },
      ),
    );
  });

  it("puts every customer without orders in No orders yet, never Regular or New", () => {
    const f = fig({ id: "a", recencyDays: null, firstOrderDays: null });
    expect(segmentOf(f, null, 5, s).segment).toBe("No orders yet");
    expect(segmentOf(f, null, 5, s, null).rule).toBe("No orders yet: not ranked until the first order");
  });
});

describe("figuresOf", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const daysAgo = (d: number, netMinor = 1000) => ({ at: new Date(now.getTime() - d * 86_400_000), netMinor });

  it("counts the last 365 days for frequency and monetary value, all orders for recency and gaps", () => {
    const f = figuresOf("c", [daysAgo(400, 9999), daysAgo(100, 2500), daysAgo(40, 1500), daysAgo(10, -200)], now);
    expect(f).toEqual({
      id: "c",
      recencyDays: 10,
      frequency: 3,
      monetaryMinor: 3800,
      firstOrderDays: 400,
      medianGapDays: 60,
    });
  });

  it("formats the score line", () => {
    expect(scoreLine({ r: 4, f: 2, m: 5 }, "VIP")).toBe("R 4 · F 2 · M 5 → VIP");
  });
});
