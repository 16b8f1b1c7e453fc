// An order's shipping label cost and where it comes from (docs/decisions/092). Pure: the
// writers of orders (bulk import, webhooks), the re-estimate after a rule changes, the label
// import and the P&L's source sentence all decide here.
export const SHIPPING_SOURCES = ["import", "rule", "none"] as const;
export type ShippingSource = (typeof SHIPPING_SOURCES)[number];

export const SHIPPING_SCOPES = ["country", "zone", "rest"] as const;
export type ShippingScope = (typeof SHIPPING_SCOPES)[number];
export const SHIPPING_BASES = ["order", "item", "weight"] as const;
export type ShippingBasis = (typeof SHIPPING_BASES)[number];

/** A weight band: from inclusive, to exclusive, in grams. */
export type WeightBand = { fromGrams: number; toGrams: number; costMinor: number };

export type ShippingRule = {
  scope: ShippingScope;
  /** ISO codes: one for a country rule, the zone's for a zone, none for "everywhere else". */
  countries: string[];
  basis: ShippingBasis;
  /** Per order or per item (basis order | item). */
  amountMinor: number | null;
  /** Basis weight. */
  bands: WeightBand[];
};

export type ShippingInput = {
  /** The shipping address's ISO country code; null: the order has no shipping address (nothing shipped). */
  countryCode: string | null;
  weightGrams: number | null;
  /** Units ordered (the lines' quantities). */
  units: number;
};

export type ShippingResult = { shippingCostMinor: number | null; shippingCostSource: ShippingSource };

/** The rules a shop's orders are estimated with, indexed once: country, zone and the rest. */
export type ShippingRuleSet = {
  byCountry: Map<string, ShippingRule>;
  byZoneCountry: Map<string, ShippingRule>;
  rest: ShippingRule | null;
};

export function ruleSetOf(rules: readonly ShippingRule[]): ShippingRuleSet {
  const set: ShippingRuleSet = { byCountry: new Map(), byZoneCountry: new Map(), rest: null };
  for (const r of rules) {
    if (r.scope === "rest") set.rest = r;
    else if (r.scope === "country") for (const c of r.countries) set.byCountry.set(c, r);
    else for (const c of r.countries) if (!set.byZoneCountry.has(c)) set.byZoneCountry.set(c, r);
  }
  return set;
}

/** The rule that applies to a country: its own, its zone's, else "everywhere else"'s. */
export function ruleFor(set: ShippingRuleSet, countryCode: string): ShippingRule | null {
  return set.byCountry.get(countryCode) ?? set.byZoneCountry.get(countryCode) ?? set.rest;
}

/** The band containing a weight (from ≤ weight < to), or null. */
export function bandFor(bands: readonly WeightBand[], weightGrams: number): WeightBand | null {
  return bands.find((b) => weightGrams >= b.fromGrams && weightGrams < b.toGrams) ?? null;
}

/** A rule's cost for an order, or null when it cannot say (weight unknown or outside every band). */
export function ruleCostMinor(rule: ShippingRule, input: Pick<ShippingInput, "weightGrams" | "units">): number | null {
  if (rule.basis === "order") return rule.amountMinor;
  if (rule.basis === "item") return rule.amountMinor === null ? null : rule.amountMinor * Math.max(0, input.units);
  if (input.weightGrams === null) return null;
  return bandFor(rule.bands, input.weightGrams)?.costMinor ?? null;
}

/**
 * The estimate for an order that has no imported label: an order with no shipping address
 * (pickup, POS, digital) ships nothing and costs 0; otherwise the most specific rule's cost,
 * or unknown (null) when no rule applies or the rule cannot cost it. Never zero for unknown.
 */
export function estimateShipping(input: ShippingInput, set: ShippingRuleSet): ShippingResult {
  if (input.countryCode === null) return { shippingCostMinor: 0, shippingCostSource: "rule" };
  const rule = ruleFor(set, input.countryCode);
  const cost = rule ? ruleCostMinor(rule, input) : null;
  return cost === null
    ? { shippingCostMinor: null, shippingCostSource: "none" }
    : { shippingCostMinor: cost, shippingCostSource: "rule" };
}

/**
 * What a writer of an order stores: an imported label is kept (a rule or a webhook never
 * overwrites it); otherwise the rules' estimate.
 */
export function resolveShipping(
  input: ShippingInput,
  set: ShippingRuleSet,
  stored?: { shippingCostMinor: number | null; shippingCostSource: string | null } | null,
): ShippingResult {
  if (stored?.shippingCostSource === "import")
    return { shippingCostMinor: stored.shippingCostMinor, shippingCostSource: "import" };
  return estimateShipping(input, set);
}

/** Bands as stored (JSON) and back; a stored value that is not bands reads as none. */
export function parseBands(stored: string | null | undefined): WeightBand[] {
  if (!stored) return [];
  try {
    const value = JSON.parse(stored) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (b): b is WeightBand =>
        typeof b === "object" &&
        b !== null &&
        Number.isInteger(b.fromGrams) &&
        Number.isInteger(b.toGrams) &&
        Number.isInteger(b.costMinor),
    );
  } catch {
    return [];
  }
}

export const splitCountries = (stored: string | null | undefined) => (stored ? stored.split(",").filter(Boolean) : []);

/** A stored rule row as the pure rule. */
export function ruleOf(row: {
  scope: string;
  countries: string;
  basis: string;
  amountMinor: number | null;
  bands: string | null;
}): ShippingRule {
  return {
    scope: (SHIPPING_SCOPES as readonly string[]).includes(row.scope) ? (row.scope as ShippingScope) : "rest",
    countries: splitCountries(row.countries),
    basis: (SHIPPING_BASES as readonly string[]).includes(row.basis) ? (row.basis as ShippingBasis) : "order",
    amountMinor: row.amountMinor,
    bands: parseBands(row.bands),
  };
}

/** "country:US", "zone:Europe", "rest": one rule per key and shop. */
export function scopeKeyOf(scope: ShippingScope, value: string): string {
  return scope === "rest" ? "rest" : `${scope}:${value}`;
}

const SOURCE_LABELS: Record<Exclude<ShippingSource, "none">, string> = {
  import: "Labels imported",
  rule: "Estimated by rule",
};

/**
 * Where a period's label costs come from, for the P&L's line: "Labels imported $X · Estimated
 * by rule $Y · N orders unknown". Orders written before label costs were read (no source) with
 * an amount are "recorded". Null when there is nothing to say.
 */
export function shippingSourceSentence(
  bySource: { source: string | null; amountMinor: number; orders: number }[],
  unknownOrders: number,
  money: (minor: number) => string,
): string | null {
  const parts: string[] = [];
  for (const key of ["import", "rule", null] as const) {
    const row = bySource.find((r) => r.source === key);
    if (!row || row.orders === 0 || (key === null && row.amountMinor === 0)) continue;
    parts.push(`${key === null ? "Recorded" : SOURCE_LABELS[key]} ${money(row.amountMinor)}`);
  }
  if (unknownOrders > 0)
    parts.push(`${unknownOrders.toLocaleString("en-US")} ${unknownOrders === 1 ? "order" : "orders"} unknown`);
  return parts.length ? parts.join(" · ") : null;
}
