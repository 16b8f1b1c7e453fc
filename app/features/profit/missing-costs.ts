// The sentence for missing costs, shared by every screen that reports them (see missing-costs.server.ts).

export type MissingCount = {
  missing: number;
  sold: number;
  /** Orders whose payment fee is unknown for want of a rule for their gateway (docs/decisions/088). */
  unknownFeeOrders?: number;
  /** Orders with no imported label and no shipping rule (docs/decisions/092). */
  unknownLabelOrders?: number;
  orders?: number;
};

/**
 * "8 of 30 variants sold in this period have no cost; 12 of 300 orders have no payment fee rule
 * for their gateway; 5 of 300 orders have no shipping label cost and no shipping rule", any part
 * alone, or null when nothing is missing.
 */
export function missingCostSentence(m: MissingCount, period = "in this period"): string | null {
  const n = (v: number) => v.toLocaleString("en-US");
  const parts: string[] = [];
  if (m.missing > 0)
    parts.push(
      `${n(m.missing)} of ${n(m.sold)} ${m.sold === 1 ? "variant" : "variants"} sold ${period} ${m.missing === 1 ? "has" : "have"} no cost`,
    );
  const fees = m.unknownFeeOrders ?? 0;
  if (fees > 0) {
    const orders = Math.max(m.orders ?? fees, fees);
    parts.push(
      `${n(fees)} of ${n(orders)} ${orders === 1 ? "order" : "orders"} ${parts.length ? "" : `${period} `}${fees === 1 ? "has no payment fee rule for its gateway" : "have no payment fee rule for their gateway"}`,
    );
  }
  const labels = m.unknownLabelOrders ?? 0;
  if (labels > 0) {
    const orders = Math.max(m.orders ?? labels, labels);
    parts.push(
      `${n(labels)} of ${n(orders)} ${orders === 1 ? "order" : "orders"} ${parts.length ? "" : `${period} `}${labels === 1 ? "has no shipping label cost and no shipping rule" : "have no shipping label cost and no shipping rule"}`,
    );
  }
  return parts.length ? parts.join("; ") : null;
}
