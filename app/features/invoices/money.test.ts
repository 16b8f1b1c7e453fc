import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MoneyOverflowError,
  amountToMinor,
  computeTotals,
  rateToPercentText,
  rateToScaled,
  taxOn,
} from "~/features/invoices/money";

// Bounded so that 10 lines plus 100% tax and shipping stay within the stored range (MAX_MINOR).
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 100 }),
  unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }),
});
const scaledRate = fc.integer({ min: 0, max: 10_000 });

describe("invoice money", () => {
  it("computes the worked example", () => {
    const t = computeTotals(
      [
        { quantity: 2, unitPriceMinor: 19_99 },
        { quantity: 1, unitPriceMinor: 5_00 },
      ],
      0.0825,
      7_50,
    );
    expect(t).toEqual({
      lineTotalsMinor: [39_98, 5_00],
      subtotalMinor: 44_98,
      taxMinor: 3_71,
      shippingMinor: 7_50,
      totalMinor: 56_19,
    });
  });

  it("rounds tax half up to the minor unit", () => {
    expect(taxOn(10, 500)).toBe(1); // 0.5 → 1
    expect(taxOn(9, 500)).toBe(0); // 0.45 → 0
    expect(taxOn(30, 5_000)).toBe(15);
    expect(taxOn(1, 5_000)).toBe(1); // 0.5 → 1
  });

  it("handles zero-decimal currencies (JPY)", () => {
    expect(amountToMinor("1500", "JPY")).toBe(1500);
    expect(amountToMinor(1500, "JPY")).toBe(1500);
    expect(amountToMinor("1500.5", "JPY")).toBeNull();
    const t = computeTotals(
      [{ quantity: 3, unitPriceMinor: amountToMinor("333", "JPY")! }],
      0.1,
      amountToMinor("500", "JPY")!,
    );
    expect(t.subtotalMinor).toBe(999);
    expect(t.taxMinor).toBe(100); // 99.9 → 100
    expect(t.totalMinor).toBe(1599);
  });

  it("parses amounts per the currency's decimals", () => {
    expect(amountToMinor("19.99", "USD")).toBe(1999);
    expect(amountToMinor(19.99, "USD")).toBe(1999);
    expect(amountToMinor("19.999", "USD")).toBeNull();
    expect(amountToMinor("1.234", "KWD")).toBe(1234);
    expect(amountToMinor("-1", "USD")).toBeNull();
    expect(amountToMinor("abc", "USD")).toBeNull();
    expect(amountToMinor(1e-7, "USD")).toBeNull();
  });

  it("accepts rates with at most two percent decimals", () => {
    expect(rateToScaled(0.0825)).toBe(825);
    expect(rateToScaled(0.07)).toBe(700);
    expect(rateToScaled(8.25 / 100)).toBe(825);
    expect(rateToScaled(0.08255)).toBeNull();
    expect(rateToScaled(1.01)).toBeNull();
    expect(rateToScaled(-0.01)).toBeNull();
    expect(rateToPercentText(0.0825)).toBe("8.25");
  });

  it("property: subtotal is the sum of qty × price, total = subtotal + tax + shipping", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        scaledRate,
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, r, shipping) => {
          const t = computeTotals(lines, r / 10_000, shipping);
          expect(t.subtotalMinor).toBe(lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor, 0));
          expect(t.totalMinor).toBe(t.subtotalMinor + t.taxMinor + shipping);
          expect(t.lineTotalsMinor.reduce((a, b) => a + b, 0)).toBe(t.subtotalMinor);
        },
      ),
    );
  });

  it("refuses totals beyond the stored range", () => {
    expect(() => computeTotals([{ quantity: 10_000, unitPriceMinor: 100_000_000 }], 0, 0)).toThrow(MoneyOverflowError);
  });

  it("property: tax is the exact product rounded half up (never off by more than half a unit)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), scaledRate, (amount, r) => {
        const tax = taxOn(amount, r);
        const exactTimesScale = BigInt(amount) * BigInt(r); // tax × 10000, exactly
        const diff = BigInt(tax) * 10_000n - exactTimesScale; // in 1/10000 of a minor unit
        // Within half a unit; an exact half rounds up (diff = +5000), never down.
        expect(diff > -5_000n && diff <= 5_000n).toBe(true);
      }),
    );
  });

  it("property: tax is monotonic in the amount and the rate, and zero at rate 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        scaledRate,
        scaledRate,
        (a, b, r1, r2) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const [rl, rh] = r1 <= r2 ? [r1, r2] : [r2, r1];
          expect(taxOn(lo, rl)).toBeLessThanOrEqual(taxOn(hi, rl));
          expect(taxOn(lo, rl)).toBeLessThanOrEqual(taxOn(lo, rh));
          expect(taxOn(lo, 0)).toBe(0);
          expect(taxOn(lo, 10_000)).toBe(lo);
        },
      ),
    );
  });

  it("property: a decimal string round-trips through minor units for 0, 2 and 3 digit currencies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom("JPY", "USD", "KWD"), (minor, currency) => {
        const digits = currency === "JPY" ? 0 : currency === "USD" ? 2 : 3;
        const s = minor.toString().padStart(digits + 1, "0");
        const text = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
        expect(amountToMinor(text, currency)).toBe(minor);
      }),
    );
  });
});

describe("half-up edge", () => {
  it("rounds an exact half up at every scale", () => {
    // 50 × 1% = 0.5 → 1; 150 × 1% = 1.5 → 2; 2 × 25% = 0.5 → 1.
    expect(taxOn(50, 100)).toBe(1);
    expect(taxOn(150, 100)).toBe(2);
    expect(taxOn(2, 2_500)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (k) => {
        expect(taxOn(2 * k + 1, 5_000)).toBe(k + 1);
      }),
    );
  });
});
