// The sentence for missing costs, shared by every screen that reports them (see missing-costs.server.ts).

/** "8 of 30 variants sold in this period have no cost", or null when none is missing. */
export function missingCostSentence(m: { missing: number; sold: number }, period = "in this period"): string | null {
  if (m.missing === 0) return null;
  return `${m.missing} of ${m.sold} ${m.sold === 1 ? "variant" : "variants"} sold ${period} ${m.missing === 1 ? "has" : "have"} no cost`;
}
