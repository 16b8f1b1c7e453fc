// Collection-limited campaigns (docs/decisions/072): the order's eligible amount split over
// its lines, each line earning at the campaigns that apply to it, and refunds reversing exactly
// what each line recorded at earn time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earnLines, earnPoints, lineEligibles, refundReversals, type EarnedLine } from "~/features/loyalty/ledger";
import { linesWithCampaigns } from "~/features/loyalty/posting";

const triple = { multiplier: 3, stacking: "highest" as const };

describe("lineEligibles", () => {
  it("splits an order-level discount over the lines by their own net, adding up exactly", () => {
    // Lines of 100.00 and 50.00 with a 15.00 order discount: 135.00 eligible → 90.00 and 45.00.
    expect(lineEligibles(135_00, [100_00, 50_00])).toEqual([90_00, 45_00]);
    // Remainders go to the largest fractions first.
    expect(lineEligibles(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(lineEligibles(0, [5, 5])).toEqual([0, 0]);
    expect(lineEligibles(10, [0, 0])).toEqual([0, 0]);
  });

  it("always adds up to the order's amount (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, nets) => {
          const shares = lineEligibles(total, nets);
          const sum = shares.reduce((s, n) => s + n, 0);
          expect(shares.every((n) => n >= 0)).toBe(true);
          expect(sum).toBe(nets.some((n) => n > 0) ? total : 0);
        },
      ),
    );
  });
});

describe("earnLines", () => {
  it("multiplies only the lines in the collection", () => {
    // 1 point per dollar; the headphones line (80.00) is in the collection at ×3, the cable (20.00) is not.
    const lines = earnLines({
      eligibleMinor: 100_00,
      digits: 2,
      baseRate: 1,
      tierMultiplier: 1,
      lines: [
        { line: "L1", quantity: 2, netMinor: 80_00, campaigns: [triple] },
        { line: "L2", quantity: 1, netMinor: 20_00, campaigns: [] },
      ],
    });
    expect(lines).toEqual([
      { line: "L1", quantity: 2, eligible: 80_00, points: 240 },
      { line: "L2", quantity: 1, eligible: 20_00, points: 20 },
    ]);
  });

  it("applies the tier multiplier and unlimited campaigns to every line, stacking as usual", () => {
    const double = { multiplier: 2, stacking: "multiply" as const };
    const lines = earnLines({
      eligibleMinor: 30_00,
      digits: 2,
      baseRate: 1,
      tierMultiplier: 1.5,
      lines: [
        { line: "A", quantity: 1, netMinor: 10_00, campaigns: [double, triple] },
        { line: "B", quantity: 1, netMinor: 20_00, campaigns: [double] },
      ],
    });
    // A: 10 × 1.5 × (3 × 2) = 90; B: 20 × 1.5 × 2 = 60.
    expect(lines.map((l) => l.points)).toEqual([90, 60]);
  });

  it("equals the whole-order rule when every line earns at the same rate (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }), (nets) => {
        const total = nets.reduce((s, n) => s + n, 0);
        const lines = earnLines({
          eligibleMinor: total,
          digits: 2,
          baseRate: 1,
          tierMultiplier: 1,
          lines: nets.map((n, i) => ({ line: String(i), quantity: 1, netMinor: n, campaigns: [] })),
        });
        const whole = earnPoints({
          eligibleMinor: total,
          digits: 2,
          baseRate: 1,
          tierMultiplier: 1,
          campaignMultiplier: 1,
        });
        const sum = lines.reduce((s, l) => s + l.points, 0);
        // Flooring each line can only lose less than one point per line.
        expect(sum).toBeLessThanOrEqual(whole);
        expect(whole - sum).toBeLessThan(nets.length);
      }),
    );
  });
});

describe("refundReversals", () => {
  const earned: EarnedLine[] = [
    { line: "L1", quantity: 2, eligible: 80_00, points: 240 },
    { line: "L2", quantity: 1, eligible: 20_00, points: 20 },
  ];
  const earn = { points: 260, orderTotalMinor: 110_00, lines: earned };

  it("reverses exactly the points a refunded line recorded, never recomputed from the amount", () => {
    // Refunding the cable (20.00 of a 110.00 order) reverses its 20 points, not 260 × 20/110 = 47.
    expect(refundReversals(earn, [{ amountMinor: 20_00, lines: [{ line: "L2", quantity: 1 }] }])).toEqual([20]);
    // Refunding both headphones reverses their 240.
    expect(refundReversals(earn, [{ amountMinor: 80_00, lines: [{ line: "L1", quantity: 2 }] }])).toEqual([240]);
  });

  it("reverses a line's points by quantity, all of them once its whole quantity is back", () => {
    expect(
      refundReversals(earn, [
        { amountMinor: 40_00, lines: [{ line: "L1", quantity: 1 }] },
        { amountMinor: 40_00, lines: [{ line: "L1", quantity: 1 }] },
        { amountMinor: 20_00, lines: [{ line: "L2", quantity: 1 }] },
      ]),
    ).toEqual([120, 120, 20]);
  });

  it("any split of refunds of every line reverses exactly what was earned (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: fc.integer({ min: 1, max: 5 }), p: fc.integer({ min: 0, max: 5_000 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 1_000 }),
        (spec, seed) => {
          const lines: EarnedLine[] = spec.map((s, i) => ({ line: `L${i}`, quantity: s.q, eligible: 0, points: s.p }));
          const points = lines.reduce((s, l) => s + l.points, 0);
          // Every unit of every line refunded one at a time, in an order fixed by the seed.
          const units = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.line));
          units.sort((a, b) => ((a.charCodeAt(1) * 31 + seed) % 7) - ((b.charCodeAt(1) * 31 + seed) % 7));
          const dues = refundReversals(
            { points, orderTotalMinor: 1, lines },
            units.map((line) => ({ amountMinor: 1, lines: [{ line, quantity: 1 }] })),
          );
          expect(dues.reduce((s, d) => s + d, 0)).toBe(points);
          // And per line, what its refunds reversed equals what it earned.
          for (const l of lines) {
            const back = units.reduce((s, u, i) => s + (u === l.line ? dues[i] : 0), 0);
            expect(back).toBe(l.points);
          }
        },
      ),
    );
  });

  it("falls back to the amount rule for a refund naming no lines, never reversing more than earned", () => {
    // A shipping-only refund of the whole total reverses what is left, once.
    expect(
      refundReversals(earn, [
        { amountMinor: 20_00, lines: [{ line: "L2", quantity: 1 }] },
        { amountMinor: 110_00, lines: null },
        { amountMinor: 5_00, lines: [] },
      ]),
    ).toEqual([20, 240, 0]);
  });

  it("is decision 056's rule for an order earned as a whole", () => {
    const whole = { points: 100, orderTotalMinor: 100_00, lines: null };
    expect(
      refundReversals(whole, [
        { amountMinor: 30_00, lines: [{ line: "L1", quantity: 1 }] },
        { amountMinor: 70_00, lines: null },
      ]),
    ).toEqual([30, 70]);
  });
});

describe("linesWithCampaigns", () => {
  const applying = [
    { multiplier: 3, stacking: "highest", collectionId: "audio" },
    { multiplier: 2, stacking: "multiply", collectionId: null },
  ];
  const row = (id: string, collectionId: string | null) => ({
    id,
    shopifyId: `gid://shopify/LineItem/${id}`,
    quantity: 1,
    unitPriceMinor: 10_00,
    discountMinor: 0,
    collectionId,
  });

  it("gives each line the unlimited campaigns and those whose collection holds its product", () => {
    const lines = linesWithCampaigns([row("1", "audio"), row("2", null)], applying);
    expect(lines?.map((l) => [l.line, l.campaigns.map((c) => c.multiplier)])).toEqual([
      ["gid://shopify/LineItem/1", [3, 2]],
      ["gid://shopify/LineItem/2", [2]],
    ]);
  });

  it("is null when no line is in any of the collections (the order earns as a whole)", () => {
    expect(linesWithCampaigns([row("1", null), row("2", null)], applying)).toBeNull();
  });
});
