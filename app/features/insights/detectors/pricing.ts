// Pricing: products sold below cost (the products profit report's figures for the window), and
// margin erosion after a cost change (the costs entered with an effective day).
import { formatMoney, formatPercent } from "~/lib/money";
import { zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";
import type { CostChangeSold } from "~/features/profit";

export type ProductWindow = {
  productId: string;
  title: string;
  units: number;
  netSalesMinor: number;
  cogsMinor: number;
  uncostedUnits: number;
};

export const MIN_UNITS = 5;
/**
 * Unit-cost rise, and margin points lost at the window's mix (0.02 = 2 points), that make an
 * erosion finding: both read from records, with no sampling noise to clear, so the bar is what
 * is worth a merchant's look (a 5% rise on a product whose cost is a tenth of its price is not).
 */
export const COST_RISE = 0.05;
export const EROSION_POINTS = 0.02;
/** Cost rows effective in the last this many days are cost changes (the window's units measure them). */
export const COST_CHANGE_DAYS = 60;

const costed = (w: ProductWindow | undefined): w is ProductWindow =>
  !!w && w.units >= MIN_UNITS && w.uncostedUnits === 0 && w.netSalesMinor > 0;

export function detectBelowCost(recent: ProductWindow[], currency: string, today: string, days: number): Finding[] {
  return recent.filter(costed).flatMap((p): Finding[] => {
    const loss = p.cogsMinor - p.netSalesMinor;
    if (loss <= 0) return [];
    const facts = {
      product: p.title,
      units: p.units,
      netSales: formatMoney(p.netSalesMinor, currency),
      cost: formatMoney(p.cogsMinor, currency),
      loss: formatMoney(loss, currency),
      days,
    };
    return [
      {
        category: "pricing",
        kind: "below-cost",
        subject: { type: "product", id: p.productId },
        title: `${p.title} sells below cost`,
        description: `In the last ${days} days ${p.title} sold ${p.units} units for ${facts.netSales} net, against ${facts.cost} of cost: a loss of ${facts.loss}.`,
        facts,
        strength: { z: zOfProbability(0.97), n: p.units },
        potentialValueMinor: loss,
        valueFormula: "cost of goods − net sales over the window",
        evidence: {
          observed: `net sales ${facts.netSales}`,
          expected: `at least the cost, ${facts.cost}`,
          band: "net sales ≥ cost of goods",
          baselineWindow: `last ${days} days`,
          sampleSize: p.units,
          method: "Products profit report (net sales after discounts and refunds; every unit's cost known)",
        },
        link: `/costs/products?days=${days}`,
        action: { label: "Review price and cost", url: `/costs/products?days=${days}` },
        figure: loss,
        day: today,
      },
    ];
  });
}

/** A cost entered with an effective day, as profit's costChangesSold reads it. */
export type CostChange = CostChangeSold;

/**
 * Margin erosion after a cost change: a product whose entered unit cost rose materially from an
 * effective day. Both margins are the window's net sales against the same units (the window's
 * variant mix), costed once at the old and once at the new unit costs, so neither the mix nor a
 * discount moves the finding (discounts are the discount-dependence detector's business); only
 * the cost rows do.
 */
export function detectMarginErosion(
  recent: ProductWindow[],
  changes: CostChange[],
  currency: string,
  today: string,
  days: number,
): Finding[] {
  const byProduct = new Map<string, CostChange[]>();
  for (const c of changes) byProduct.set(c.productId, [...(byProduct.get(c.productId) ?? []), c]);
  return recent.filter(costed).flatMap((p): Finding[] => {
    const rows = byProduct.get(p.productId);
    if (!rows) return [];
    const sum = (f: (c: CostChange) => number) => rows.reduce((s, c) => s + f(c), 0);
    const changedUnits = sum((c) => c.units);
    const before = sum((c) => c.beforeCogsMinor);
    const after = sum((c) => c.afterCogsMinor);
    if (changedUnits === 0 || before <= 0 || after / before - 1 < COST_RISE) return [];
    // The product's other variants count at what they were reported at, in both margins.
    const others = p.cogsMinor - sum((c) => c.reportedCogsMinor);
    const marginBefore = (p.netSalesMinor - others - before) / p.netSalesMinor;
    const marginNow = (p.netSalesMinor - others - after) / p.netSalesMinor;
    const lost = marginBefore - marginNow;
    if (lost < EROSION_POINTS) return [];
    const from = rows
      .map((c) => c.effectiveFrom)
      .sort()
      .at(0)!;
    const added = after - before;
    const facts = {
      product: p.title,
      effectiveFrom: from,
      costBefore: formatMoney(Math.round(before / changedUnits), currency),
      costNow: formatMoney(Math.round(after / changedUnits), currency),
      costRise: formatPercent(after / before - 1),
      marginBefore: formatPercent(marginBefore),
      marginNow: formatPercent(marginNow),
      units: p.units,
      addedCost: formatMoney(added, currency),
      days,
    };
    return [
      {
        category: "pricing",
        kind: "margin-erosion",
        subject: { type: "product", id: p.productId },
        title: `${p.title}: cost up ${facts.costRise}, margin down from ${facts.marginBefore} to ${facts.marginNow}`,
        description: `${p.title}'s unit cost rose from ${facts.costBefore} to ${facts.costNow} on ${from}. At the last ${days} days' sales (${p.units} units) its gross margin falls from ${facts.marginBefore} to ${facts.marginNow}: ${facts.addedCost} more cost.`,
        facts,
        // The cost rows and the units sold are records, not samples: near-certain once the
        // product sells enough that the margin is worth telling.
        strength: { z: zOfProbability(0.9), n: p.units },
        potentialValueMinor: added,
        valueFormula: `(new unit cost − old unit cost) × units sold over the last ${days} days`,
        evidence: {
          observed: `unit cost ${facts.costNow} from ${from}, margin ${facts.marginNow}`,
          expected: `unit cost ${facts.costBefore}, margin ${facts.marginBefore}`,
          band: `a unit-cost rise of ${COST_RISE * 100}% or more that costs at least ${EROSION_POINTS * 100} margin points`,
          baselineWindow: `the last ${days} days' units and net sales, costed at the old and the new cost`,
          sampleSize: p.units,
          method: "Costs entered with an effective day; both margins at the same variant mix",
        },
        link: `/costs/products?days=${days}`,
        action: { label: "Review price and cost", url: `/costs/products?days=${days}` },
        figure: Math.round(marginNow * 1000),
        day: today,
      },
    ];
  });
}
