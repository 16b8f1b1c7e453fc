// An order's payment fee and where it comes from (docs/decisions/088). Pure: the writers of
// orders (import, webhooks) and the re-estimate after a rule changes all decide here.
export const FEE_SOURCES = ["shopify_payments", "rule", "none"] as const;
export type FeeSource = (typeof FEE_SOURCES)[number];

export const SHOPIFY_PAYMENTS = "shopify_payments";

/** Gateways that move no card money and so carry no processing fee of their own. */
const FEELESS = new Set(["gift_card"]);

export type FeeRule = { gateway: string; rateBps: number; fixedMinor: number };

export type FeeInput = {
  /** Shopify's payment gateway names of the order, in Shopify's order. */
  gateways: string[];
  /**
   * Shopify Payments' fees summed over the order's successful transactions, in the shop's
   * currency; null: Shopify reports none (another gateway, or fees in another currency).
   */
  actualFeeMinor: number | null;
  /** What the rule's rate applies to: the order's total in the shop's currency. */
  totalMinor: number;
};

export type FeeResult = { paymentFeesMinor: number | null; paymentFeeSource: FeeSource };

/** The gateway a rule is looked up for: the first one that takes card money. */
export function primaryGateway(gateways: string[]): string | null {
  return gateways.find((g) => !FEELESS.has(g)) ?? null;
}

/** A rule's fee on an amount, rounded half away from zero to a minor unit. */
export function ruleFeeMinor(rule: Pick<FeeRule, "rateBps" | "fixedMinor">, totalMinor: number): number {
  const percent = (Math.abs(totalMinor) * rule.rateBps) / 10_000;
  return Math.sign(totalMinor || 1) * Math.round(percent) + rule.fixedMinor;
}

/**
 * Shopify Payments' actual fee wins; otherwise the rule for the order's gateway estimates it;
 * otherwise it is unknown (null), never zero. An order paid only by gift card has no fee.
 */
export function resolveFee(input: FeeInput, rules: ReadonlyMap<string, FeeRule>): FeeResult {
  if (input.actualFeeMinor !== null)
    return { paymentFeesMinor: input.actualFeeMinor, paymentFeeSource: "shopify_payments" };
  const gateway = primaryGateway(input.gateways);
  if (!gateway && input.gateways.length) return { paymentFeesMinor: 0, paymentFeeSource: "rule" };
  const rule = gateway ? rules.get(gateway) : undefined;
  if (rule) return { paymentFeesMinor: ruleFeeMinor(rule, input.totalMinor), paymentFeeSource: "rule" };
  return { paymentFeesMinor: null, paymentFeeSource: "none" };
}

export const rulesByGateway = (rules: FeeRule[]) => new Map(rules.map((r) => [r.gateway, r]));

/** Gateway names as stored on the order (comma-separated) and back. */
export const joinGateways = (gateways: string[]) => (gateways.length ? gateways.join(",") : null);
export const splitGateways = (stored: string | null | undefined) => (stored ? stored.split(",") : []);

/** A rate entered as a percentage ("2.9") in basis points (290); null when not one. */
export function percentToBps(text: string): number | null {
  const match = /^\s*(\d{1,2}|100)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bps <= 10_000 ? bps : null;
}

export const bpsToPercent = (bps: number) => (bps / 100).toFixed(2).replace(/\.?0+$/, "");

const SOURCE_LABELS: Record<FeeSource, string> = {
  shopify_payments: "Shopify Payments",
  rule: "rules (estimated)",
  none: "unknown",
};

/**
 * Where a period's fees come from, for the P&L's line: each source's amount, formatted by the
 * caller's money formatter. Orders written before fees were read (no source) are "recorded".
 * Null when there is nothing to say.
 */
export function feeSourceSentence(
  bySource: { source: string | null; amountMinor: number; orders: number }[],
  money: (minor: number) => string,
): string | null {
  const parts: string[] = [];
  for (const key of [...FEE_SOURCES, null] as const) {
    if (key === "none") continue; // unknown fees are the line's own note
    const row = bySource.find((r) => r.source === key);
    if (!row || row.orders === 0 || (key === null && row.amountMinor === 0)) continue;
    parts.push(`${key === null ? "recorded" : SOURCE_LABELS[key]} ${money(row.amountMinor)}`);
  }
  if (!parts.length) return null;
  parts[0] = parts[0][0].toUpperCase() + parts[0].slice(1);
  return parts.join(" · ");
}
