import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_MINOR,
  currencyDigits,
  decimalStringToMinor,
  formatMoney,
  formatMoneyCompact,
  formatPercent,
  minorFormatter,
  minorToDecimalString,
} from "~/lib/money";

describe("minorFormatter", () => {
  it("writes what minorToDecimalString writes, for every currency precision", () => {
    for (const currency of ["USD", "JPY", "KWD"]) {
      const format = minorFormatter(currency);
      for (const minor of [0, 5, -5, 99, 100, -100, 123456, -2_147_483_647, 2_147_483_647])
        expect(format(minor), `${currency} ${minor}`).toBe(minorToDecimalString(minor, currency));
      fc.assert(
        fc.property(fc.integer({ min: -MAX_MINOR, max: MAX_MINOR }), (minor) => {
          expect(format(minor)).toBe(minorToDecimalString(minor, currency));
        }),
      );
    }
  });
});

describe("money", () => {
  it("formats minor units in the currency's precision", () => {
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
    expect(formatMoney(-500, "USD")).toBe("-$5.00");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("formats signed money once: a typographic minus or a plus, never both", () => {
    expect(formatMoney(-283_00, "USD", { signed: true })).toBe("\u2212$283.00");
    expect(formatMoney(283_00, "USD", { signed: true })).toBe("+$283.00");
    expect(formatMoney(1_234_567_89, "USD", { signed: true })).toBe("+$1,234,567.89");
    expect(formatMoney(0, "USD", { signed: true })).toBe("$0.00");
    expect(formatMoney(-0, "USD", { signed: true })).toBe("$0.00");
    expect(formatMoney(-1500, "JPY", { signed: true })).toBe("\u2212¥1,500");
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MINOR, max: MAX_MINOR }), (minor) => {
        const text = formatMoney(minor, "USD", { signed: true });
        expect(text).not.toMatch(/[-\u2212+].*[-\u2212+]/);
        expect(text.slice(1)).toBe(minor === 0 ? "0.00" : formatMoney(Math.abs(minor), "USD"));
      }),
    );
  });

  it("parses decimal strings, rounding half up past the precision", () => {
    expect(decimalStringToMinor("12.5", "USD")).toBe(1250);
    expect(decimalStringToMinor("0.005", "USD")).toBe(1);
    expect(decimalStringToMinor("0.004", "USD")).toBe(0);
    expect(decimalStringToMinor("1500", "JPY")).toBe(1500);
    expect(decimalStringToMinor("-1", "USD")).toBeNull();
    expect(decimalStringToMinor("1e5", "USD")).toBeNull();
    expect(decimalStringToMinor("", "USD")).toBeNull();
    expect(decimalStringToMinor("21474836.47", "USD")).toBe(MAX_MINOR);
    expect(decimalStringToMinor("21474836.48", "USD")).toBeNull();
  });

  it("round-trips minor units through the wire format", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR }),
        fc.constantFrom("USD", "EUR", "JPY", "KWD"),
        (minor, currency) => {
          expect(decimalStringToMinor(minorToDecimalString(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it("shortens money for chart axes", () => {
    expect(formatMoneyCompact(12_345_00, "USD")).toBe("$12.3K");
    expect(formatMoneyCompact(0, "USD")).toBe("$0");
    expect(formatMoneyCompact(50_000_00, "USD")).toBe("$50K");
    expect(formatMoneyCompact(-2_500_000_00, "USD")).toBe("-$2.5M");
    expect(formatMoneyCompact(950_00, "USD")).toBe("$950");
  });

  it("formats fractions as percentages", () => {
    expect(formatPercent(0.1234)).toBe("12.3%");
    expect(formatPercent(0.02346, 2)).toBe("2.35%");
  });
});
