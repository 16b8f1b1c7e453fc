// Shipping label cost rules, pure (docs/decisions/092): the most specific rule wins, a weight
// band includes its start and not its end, unknown is never zero, an imported label is kept.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bandFor,
  estimateShipping,
  resolveShipping,
  ruleOf,
  ruleSetOf,
  shippingSourceSentence,
  type ShippingRule,
} from "~/features/profit/shipping-costs";
import { parseBandsText, parseCountryList, shippingRuleSchema } from "~/features/profit/shipping-rules-schema";

const BANDS = [
  { fromGrams: 0, toGrams: 500, costMinor: 520 },
  { fromGrams: 500, toGrams: 1000, costMinor: 690 },
  { fromGrams: 2000, toGrams: 5000, costMinor: 1240 },
];
const US: ShippingRule = { scope: "country", countries: ["US"], basis: "weight", amountMinor: null, bands: BANDS };
const EUROPE: ShippingRule = {
  scope: "zone",
  countries: ["DE", "FR", "GB"],
  basis: "item",
  amountMinor: 750,
  bands: [],
};
const GB: ShippingRule = { scope: "country", countries: ["GB"], basis: "order", amountMinor: 900, bands: [] };
const REST: ShippingRule = { scope: "rest", countries: [], basis: "order", amountMinor: 2500, bands: [] };

const order = (countryCode: string | null, weightGrams: number | null = 700, units = 2) => ({
  countryCode,
  weightGrams,
  units,
});

describe("estimateShipping", () => {
  const set = ruleSetOf([EUROPE, REST, US, GB]);

  it("takes the country's own rule over its zone's, the zone's over everywhere else", () => {
    expect(estimateShipping(order("GB"), set)).toEqual({ shippingCostMinor: 900, shippingCostSource: "rule" });
    expect(estimateShipping(order("DE", 700, 3), set)).toEqual({ shippingCostMinor: 2250, shippingCostSource: "rule" });
    expect(estimateShipping(order("JP"), set)).toEqual({ shippingCostMinor: 2500, shippingCostSource: "rule" });
  });

  it("costs a weight band from its start up to just before its end", () => {
    expect(estimateShipping(order("US", 0), set).shippingCostMinor).toBe(520);
    expect(estimateShipping(order("US", 499), set).shippingCostMinor).toBe(520);
    expect(estimateShipping(order("US", 500), set).shippingCostMinor).toBe(690);
    expect(estimateShipping(order("US", 999), set).shippingCostMinor).toBe(690);
    expect(estimateShipping(order("US", 2000), set).shippingCostMinor).toBe(1240);
  });

  it("is unknown, never zero, in a gap between bands, past the last band, or without a weight", () => {
    for (const w of [1000, 1999, 5000, 80_000, null])
      expect(estimateShipping(order("US", w), set)).toEqual({ shippingCostMinor: null, shippingCostSource: "none" });
  });

  it("is unknown for a country no rule covers when there is no rule for everywhere else", () => {
    expect(estimateShipping(order("AU"), ruleSetOf([US, EUROPE]))).toEqual({
      shippingCostMinor: null,
      shippingCostSource: "none",
    });
    expect(estimateShipping(order("US"), ruleSetOf([]))).toEqual({
      shippingCostMinor: null,
      shippingCostSource: "none",
    });
  });

  it("costs nothing for an order with no shipping address (pickup, POS): nothing was shipped", () => {
    expect(estimateShipping(order(null), ruleSetOf([]))).toEqual({ shippingCostMinor: 0, shippingCostSource: "rule" });
  });

  it("multiplies a per-item rule by the units, zero units costing nothing", () => {
    expect(estimateShipping(order("FR", null, 1), set).shippingCostMinor).toBe(750);
    expect(estimateShipping(order("FR", null, 0), set).shippingCostMinor).toBe(0);
  });

  it("keeps an imported label whatever the rules say", () => {
    const stored = { shippingCostMinor: 1234, shippingCostSource: "import" };
    expect(resolveShipping(order("US"), set, stored)).toEqual({
      shippingCostMinor: 1234,
      shippingCostSource: "import",
    });
    expect(resolveShipping(order("US"), set, { shippingCostMinor: 1, shippingCostSource: "rule" })).toEqual({
      shippingCostMinor: 690,
      shippingCostSource: "rule",
    });
  });

  it("always gives a rule's amount or unknown (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("US", "GB", "DE", "AU", null),
        fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
        fc.integer({ min: 0, max: 50 }),
        fc.boolean(),
        (country, weight, units, withRest) => {
          const rules = withRest ? [US, EUROPE, GB, REST] : [US, EUROPE, GB];
          const r = estimateShipping({ countryCode: country, weightGrams: weight, units }, ruleSetOf(rules));
          if (r.shippingCostSource === "none") expect(r.shippingCostMinor).toBeNull();
          else expect(r.shippingCostMinor).toBeGreaterThanOrEqual(0);
          if (country === "AU") expect(r.shippingCostSource).toBe(withRest ? "rule" : "none");
        },
      ),
    );
  });
});

describe("stored rules", () => {
  it("reads a stored row, bad bands as none", () => {
    expect(ruleOf({ scope: "zone", countries: "DE,FR", basis: "item", amountMinor: 5, bands: null })).toEqual({
      scope: "zone",
      countries: ["DE", "FR"],
      basis: "item",
      amountMinor: 5,
      bands: [],
    });
    expect(
      ruleOf({ scope: "country", countries: "US", basis: "weight", amountMinor: null, bands: "{oops" }).bands,
    ).toEqual([]);
  });

  it("finds no band outside the bands", () => {
    expect(bandFor(BANDS, -1)).toBeNull();
    expect(bandFor([], 10)).toBeNull();
  });
});

describe("the rule form", () => {
  it("reads bands one per line, sorted, and refuses overlaps, reversed bands and extra decimals", () => {
    expect(parseBandsText("500-1000: 6.90\n0-500 g: 5.2", "USD")).toEqual({
      bands: [
        { fromGrams: 0, toGrams: 500, costMinor: 520 },
        { fromGrams: 500, toGrams: 1000, costMinor: 690 },
      ],
    });
    expect(parseBandsText("0-600: 5\n500-1000: 6", "USD")).toEqual({ reason: "Bands 0-600 and 500-1000 overlap" });
    expect(parseBandsText("600-500: 5", "USD")).toMatchObject({ reason: expect.stringMatching(/end above/) });
    expect(parseBandsText("0-500: 5.5", "JPY")).toMatchObject({ reason: expect.stringMatching(/no decimals/) });
    expect(parseBandsText("0-500: -5", "USD")).toMatchObject({ reason: expect.stringMatching(/from-to: cost/) });
    expect(parseBandsText("", "USD")).toMatchObject({ reason: expect.stringMatching(/at least one band/) });
  });

  it("reads ISO country codes and names the first that is not one", () => {
    expect(parseCountryList("de, FR nl;de")).toEqual({ codes: ["DE", "FR", "NL"] });
    expect(parseCountryList("DE, XX")).toEqual({ bad: "XX" });
    expect(parseCountryList("DE, Germany")).toEqual({ bad: "Germany" });
  });

  it("asks for the fields of the chosen scope and basis only", () => {
    const ok = (v: Record<string, string>) => shippingRuleSchema.safeParse(v).success;
    expect(ok({ scope: "country", country: "us", basis: "order", amount: "6.50" })).toBe(true);
    expect(ok({ scope: "rest", basis: "item", amount: "2" })).toBe(true);
    expect(ok({ scope: "zone", zoneName: "Europe", zoneCountries: "DE FR", basis: "weight", bands: "0-1: 1" })).toBe(
      true,
    );
    const errors = (v: Record<string, string>) =>
      shippingRuleSchema
        .safeParse(v)
        .error?.issues.map((i) => i.path.join("."))
        .sort();
    expect(errors({ scope: "country", country: "USA", basis: "order", amount: "-1" })).toEqual(["amount", "country"]);
    expect(errors({ scope: "zone", zoneName: "", zoneCountries: "", basis: "weight", bands: "" })).toEqual([
      "bands",
      "zoneCountries",
      "zoneName",
    ]);
    expect(errors({ scope: "moon", basis: "order", amount: "1" })).toEqual(["scope"]);
  });
});

describe("shippingSourceSentence", () => {
  const money = (m: number) => `$${(m / 100).toFixed(2)}`;
  it("names each source's amount and the unknown orders", () => {
    expect(
      shippingSourceSentence(
        [
          { source: "import", amountMinor: 12_000, orders: 20 },
          { source: "rule", amountMinor: 3_450, orders: 6 },
          { source: "none", amountMinor: 0, orders: 3 },
        ],
        3,
        money,
      ),
    ).toBe("Labels imported $120.00 · Estimated by rule $34.50 · 3 orders unknown");
    expect(shippingSourceSentence([{ source: null, amountMinor: 500, orders: 2 }], 0, money)).toBe("Recorded $5.00");
    expect(shippingSourceSentence([{ source: null, amountMinor: 0, orders: 2 }], 2, money)).toBe("2 orders unknown");
    expect(shippingSourceSentence([], 0, money)).toBeNull();
  });
});
