// Per-location figures: demand split by each location's share of the shop's stock.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { demandShares, planAtLocation, planLocations } from "./locations";

describe("planLocations", () => {
  it("splits demand by the locations' shares of the shop's stock (hand-computed)", () => {
    // The shop holds 700 units at A and 300 at B: A ships 70% of this variant's 2 units/day.
    const weights = new Map([
      ["A", 700],
      ["B", 300],
    ]);
    const [a, b] = planLocations(
      { velocity: 2, reorderPoint: 20 },
      [
        { locationId: "A", available: 28 },
        { locationId: "B", available: 3 },
      ],
      weights,
      "2026-11-25",
    );
    expect(a).toMatchObject({ share: 0.7, reorderPoint: 14, status: "in-stock", stockOutDay: "2026-12-15" });
    expect(a.velocity).toBeCloseTo(1.4, 12);
    expect(a.daysOfCover).toBeCloseTo(20, 12);
    expect(b).toMatchObject({ share: 0.3, reorderPoint: 6, status: "low-stock", stockBar: 25 });
    expect(b.daysOfCover).toBeCloseTo(5, 12);
  });

  it("a location not stocking anything of the shop shares equally only when no location has weight", () => {
    expect(
      demandShares(
        [
          { locationId: "X", available: 0 },
          { locationId: "Y", available: 0 },
        ],
        new Map(),
      ),
    ).toEqual([0.5, 0.5]);
    expect(planLocations({ velocity: 1, reorderPoint: 5 }, [], new Map(), "2026-11-25")).toEqual([]);
  });

  it("shares sum to 1 and velocities to the variant's; an empty location is out of stock", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ available: fc.integer({ min: 0, max: 500 }), weight: fc.integer({ min: 0, max: 10_000 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (locations, velocity) => {
          const levels = locations.map((l, i) => ({ locationId: `L${i}`, available: l.available }));
          const weights = new Map(locations.map((l, i) => [`L${i}`, l.weight]));
          const plans = planLocations({ velocity, reorderPoint: 30 }, levels, weights, "2026-11-25");
          expect(plans.reduce((s, p) => s + p.share, 0)).toBeCloseTo(1, 9);
          expect(plans.reduce((s, p) => s + p.velocity, 0)).toBeCloseTo(velocity, 9);
          for (const p of plans) if (p.available === 0) expect(p.status).toBe("out-of-stock");
        },
      ),
    );
  });
});

describe("planAtLocation (the list filtered by a location)", () => {
  it("gives the detail view's figures for that location, from the summed weights alone", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ available: fc.integer({ min: -5, max: 500 }), weight: fc.integer({ min: 0, max: 10_000 }) }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.nat(),
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.integer({ min: 0, max: 200 }),
        fc.boolean(),
        (locations, pick, velocity, reorderPoint, needsReorder) => {
          const levels = locations.map((l, i) => ({ locationId: `L${i}`, available: l.available }));
          const weights = new Map(locations.map((l, i) => [`L${i}`, l.weight]));
          const variant = { velocity, reorderPoint, priceMinor: 1_999, needsReorder };
          const k = pick % levels.length;
          const detail = planLocations(variant, levels, weights, "2026-11-25")[k];
          const at = planAtLocation(
            variant,
            {
              ...levels[k],
              weight: locations[k].weight,
              itemWeights: locations.reduce((sum, l) => sum + l.weight, 0),
              locations: levels.length,
            },
            "2026-11-25",
          );
          expect(at).toMatchObject(detail);
          expect(at.lostRevenuePerDayMinor).toBe(detail.available <= 0 ? Math.round(detail.velocity * 1_999) : 0);
          expect(at.needsReorder).toBe(needsReorder && detail.available <= detail.reorderPoint);
        },
      ),
    );
  });
});
