import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dayInZone } from "~/lib/dates";
import {
  PLANNING_DEFAULTS,
  daysOfCover,
  demandOf,
  explainPlan,
  normalInverseCdf,
  planVariant,
  reorderPoint,
  safetyStock,
  statusOf,
  stockBar,
  suggestedQuantity,
  type PlanningSettings,
} from "./planning";

const settings = (over: Partial<PlanningSettings> = {}): PlanningSettings => ({
  ...PLANNING_DEFAULTS,
  reorderPointOverride: null,
  ...over,
});

describe("normalInverseCdf", () => {
  it("matches the normal table", () => {
    expect(normalInverseCdf(0.5)).toBeCloseTo(0, 9);
    expect(normalInverseCdf(0.95)).toBeCloseTo(1.644854, 5);
    expect(normalInverseCdf(0.99)).toBeCloseTo(2.326348, 5);
    expect(normalInverseCdf(0.999)).toBeCloseTo(3.090232, 5);
    expect(normalInverseCdf(0.01)).toBeCloseTo(-2.326348, 5);
  });
  it("rejects probabilities outside (0, 1)", () => {
    expect(() => normalInverseCdf(1)).toThrow(RangeError);
    expect(() => normalInverseCdf(0)).toThrow(RangeError);
  });
});

describe("demandOf", () => {
  it("leaves out-of-stock days out of the velocity and σ (hand-computed)", () => {
    const d = demandOf([
      { units: 2, outOfStock: false },
      { units: 0, outOfStock: true },
      { units: 4, outOfStock: false },
      { units: 0, outOfStock: true },
    ]);
    expect(d).toEqual({ velocity: 3, sigma: Math.SQRT2, inStockDays: 2, units: 6 });
  });
  it("is zero when the variant was never in stock", () => {
    expect(demandOf([{ units: 0, outOfStock: true }])).toEqual({ velocity: 0, sigma: 0, inStockDays: 0, units: 0 });
  });
  it("property: adding out-of-stock days never changes velocity or σ", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat({ max: 60 }), { maxLength: 20 }),
        (units, positions) => {
          const base = units.map((u) => ({ units: u, outOfStock: false }));
          const withGaps = [...base];
          for (const p of positions) withGaps.splice(p % (withGaps.length + 1), 0, { units: 0, outOfStock: true });
          const a = demandOf(base);
          const b = demandOf(withGaps);
          expect(b.velocity).toBeCloseTo(a.velocity, 9);
          expect(b.sigma).toBeCloseTo(a.sigma, 9);
          expect(b.inStockDays).toBe(units.length);
        },
      ),
    );
  });
});

describe("safety stock and reorder point", () => {
  it("z·σ·√L, hand-computed", () => {
    expect(safetyStock(0.95, 2, 9)).toBeCloseTo(1.644854 * 2 * 3, 4);
    expect(reorderPoint(1.5, 10, 4.1, null)).toBe(20);
    expect(reorderPoint(1.5, 10, 4.1, 7)).toBe(7);
  });
  const level = fc.double({ min: 0.5, max: 0.999, noNaN: true });
  const sigma = fc.double({ min: 0, max: 100, noNaN: true });
  const lead = fc.integer({ min: 0, max: 365 });
  const velocity = fc.double({ min: 0, max: 500, noNaN: true });
  it("property: safety stock is never negative", () => {
    fc.assert(fc.property(level, sigma, lead, (p, s, l) => safetyStock(p, s, l) >= 0));
  });
  it("property: the reorder point grows with lead time", () => {
    fc.assert(
      fc.property(level, sigma, lead, lead, velocity, (p, s, l1, l2, v) => {
        const [a, b] = l1 <= l2 ? [l1, l2] : [l2, l1];
        return reorderPoint(v, a, safetyStock(p, s, a), null) <= reorderPoint(v, b, safetyStock(p, s, b), null);
      }),
    );
  });
  it("property: the reorder point grows with the service level", () => {
    fc.assert(
      fc.property(level, level, sigma, lead, velocity, (p1, p2, s, l, v) => {
        const [a, b] = p1 <= p2 ? [p1, p2] : [p2, p1];
        return reorderPoint(v, l, safetyStock(a, s, l), null) <= reorderPoint(v, l, safetyStock(b, s, l), null);
      }),
    );
  });
});

describe("suggestedQuantity", () => {
  it("rounds up to the minimum order and the case pack", () => {
    const base = { velocity: 2, safety: 0, leadTimeDays: 10, daysOfStock: 20, onOrder: 0, minOrderQty: 1, casePack: 1 };
    expect(suggestedQuantity({ ...base, available: 15 })).toBe(45);
    expect(suggestedQuantity({ ...base, available: 15, casePack: 12 })).toBe(48);
    expect(suggestedQuantity({ ...base, available: 15, minOrderQty: 100, casePack: 12 })).toBe(108);
    expect(suggestedQuantity({ ...base, available: 15, onOrder: 45 })).toBe(0);
  });
  const input = fc.record({
    velocity: fc.double({ min: 0, max: 200, noNaN: true }),
    safety: fc.double({ min: 0, max: 500, noNaN: true }),
    leadTimeDays: fc.integer({ min: 0, max: 365 }),
    daysOfStock: fc.integer({ min: 0, max: 365 }),
    available: fc.integer({ min: -50, max: 100_000 }),
    onOrder: fc.nat({ max: 100_000 }),
    minOrderQty: fc.integer({ min: 1, max: 1000 }),
    casePack: fc.integer({ min: 1, max: 144 }),
  });
  it("property: never negative, and a multiple of the case pack", () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = suggestedQuantity(i);
        return q >= 0 && q % i.casePack === 0 && (q === 0 || q >= i.minOrderQty);
      }),
    );
  });
  it("property: 0 when stock plus on order already covers lead time plus days of stock", () => {
    fc.assert(
      fc.property(input, (i) => {
        const horizon = Math.ceil(i.velocity * (i.leadTimeDays + i.daysOfStock) + i.safety);
        const covered = {
          ...i,
          available: Math.max(i.available, 0),
          onOrder: Math.max(horizon - Math.max(i.available, 0), i.onOrder),
        };
        return suggestedQuantity(covered) === 0;
      }),
    );
  });
});

describe("statuses and stock bar (spec §4)", () => {
  it("follows the thresholds", () => {
    expect([0, 10, 11, 20, 21].map((a) => statusOf(a, 10))).toEqual([
      "out-of-stock",
      "low-stock",
      "in-stock",
      "in-stock",
      "well-stocked",
    ]);
    expect([0, 10, 11, 20, 21].map((a) => stockBar(a, 10))).toEqual([0, 25, 60, 60, 100]);
    expect(statusOf(-3, 10)).toBe("out-of-stock");
  });
});

describe("planVariant", () => {
  const days = (units: number[], oos: number[] = []) =>
    units.map((u, i) => ({ units: u, outOfStock: oos.includes(i) }));
  it("hand-computed figures", () => {
    // 30 days alternating 1 and 3 units: velocity 2, σ = sqrt(30/29).
    const units = Array.from({ length: 30 }, (_, i) => (i % 2 ? 3 : 1));
    const plan = planVariant({
      today: "2026-11-25",
      available: 40,
      onOrder: 0,
      priceMinor: 2500,
      days: days(units),
      lastSaleDay: "2026-11-24",
      settings: settings({ leadTimeDays: 9, daysOfStock: 30 }),
    });
    const sigma = Math.sqrt(30 / 29);
    const ss = 1.6448536 * sigma * 3;
    expect(plan.velocity).toBe(2);
    expect(plan.safetyStock).toBeCloseTo(ss, 4);
    expect(plan.reorderPoint).toBe(Math.ceil(18 + ss));
    expect(plan.daysOfCover).toBe(20);
    expect(plan.stockOutDay).toBe("2026-12-15");
    // reorder point 24: (40 − 24) ÷ 2 = 8 days from today.
    expect(plan.reorderPoint).toBe(24);
    expect(plan.orderByDay).toBe("2026-12-03");
    expect(plan.suggestedQty).toBe(Math.ceil(78 + ss) - 40);
    expect(plan.status).toBe("in-stock");
    expect(plan.lostRevenuePerDayMinor).toBe(0);
    expect(explainPlan(plan, settings({ leadTimeDays: 9 }), 40, 0)).toContain(
      "Velocity 2/day (60 sold over 30 in-stock days of 30)",
    );
  });
  it("out of stock: lost revenue per day is velocity × price, order today", () => {
    const plan = planVariant({
      today: "2026-11-25",
      available: 0,
      onOrder: 0,
      priceMinor: 1999,
      days: days([2, 2, 2, 0, 0], [3, 4]),
      lastSaleDay: "2026-11-22",
      settings: settings(),
    });
    expect(plan.velocity).toBe(2);
    expect(plan.lostRevenuePerDayMinor).toBe(3998);
    expect(plan.status).toBe("out-of-stock");
    expect(plan.stockOutDay).toBe("2026-11-25");
    expect(plan.orderByDay).toBe("2026-11-25");
    expect(plan.needsReorder).toBe(true);
  });
  it("dead stock: stock and no sale in 90 days; no stock-out date without sales", () => {
    const plan = planVariant({
      today: "2026-11-25",
      available: 5,
      onOrder: 0,
      priceMinor: 100,
      days: days([0, 0]),
      lastSaleDay: "2026-08-01",
      settings: settings(),
    });
    expect(plan.deadStock).toBe(true);
    expect(plan.stockOutDay).toBeNull();
    expect(plan.daysOfCover).toBeNull();
  });
  it("property: dates count from today in the shop's time zone", () => {
    const instant = new Date("2026-11-25T03:30:00Z");
    // Still the 24th in Los Angeles, already the 25th in Tokyo.
    const la = dayInZone(instant, "America/Los_Angeles");
    const tokyo = dayInZone(instant, "Asia/Tokyo");
    expect([la, tokyo]).toEqual(["2026-11-24", "2026-11-25"]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 20 }), (available, v) => {
        const plan = (today: string) =>
          planVariant({
            today,
            available,
            onOrder: 0,
            priceMinor: 100,
            days: days([v, v, v]),
            lastSaleDay: today,
            settings: settings(),
          });
        const cover = daysOfCover(available, v)!;
        const a = plan(la);
        const b = plan(tokyo);
        expect(Date.parse(b.stockOutDay!) - Date.parse(a.stockOutDay!)).toBe(86_400_000);
        expect(Date.parse(a.stockOutDay!) - Date.parse(la)).toBe(Math.floor(cover) * 86_400_000);
      }),
    );
  });
});
