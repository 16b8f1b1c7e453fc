// Pricing: products sold below cost, and margin erosion after a unit-cost rise, from the
// products profit report's per-product figures for two windows (recent and before).
import { formatMoney, formatPercent } from "~/lib/money";
import { zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";

export type ProductWindow = {
  productId: string;
  title: string;
  units: number;
  netSalesMinor: number;
  cogsMinor: number;
  uncostedUnits: number;
};

export const MIN_UNITS = 5;
/** Margin points lost (0.05 = 5 points) and unit-cost rise that make an erosion finding. */
export const EROSION_POINTS = 0.05;
export const COST_RISE = 0.05;

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

export function detectMarginErosion(
  recent: ProductWindow[],
  before: ProductWindow[],
  currency: string,
  today: string,
  days: number,
): Finding[] {
  const prior = new Map(before.map((b) => [b.productId, b]));
  return recent.filter(costed).flatMap((p): Finding[] => {
    const b = prior.get(p.productId);
    if (!costed(b)) return [];
    const marginNow = (p.netSalesMinor - p.cogsMinor) / p.netSalesMinor;
    const marginBefore = (b.netSalesMinor - b.cogsMinor) / b.netSalesMinor;
    const costNow = p.cogsMinor / p.units;
    const costBefore = b.cogsMinor / b.units;
    const lost = marginBefore - marginNow;
    if (marginNow < 0 || lost < EROSION_POINTS || costBefore <= 0 || costNow / costBefore - 1 < COST_RISE) return [];
    const value = Math.round(lost * p.netSalesMinor);
    const facts = {
      product: p.title,
      marginBefore: formatPercent(marginBefore),
      marginNow: formatPercent(marginNow),
      costBefore: formatMoney(Math.round(costBefore), currency),
      costNow: formatMoney(Math.round(costNow), currency),
      units: p.units,
      days,
    };
    return [
      {
        category: "pricing",
        kind: "margin-erosion",
        subject: { type: "product", id: p.productId },
        title: `${p.title}: margin down from ${facts.marginBefore} to ${facts.marginNow}`,
        description: `${p.title}'s unit cost rose from ${facts.costBefore} to ${facts.costNow} and its gross margin fell from ${facts.marginBefore} to ${facts.marginNow} over the last ${days} days (${p.units} units).`,
        facts,
        // Unit cost and margin are read from the records, not sampled: the finding is near-certain
        // once there are enough units that one odd order does not make it.
        strength: { z: zOfProbability(0.9), n: p.units },
        potentialValueMinor: value,
        valueFormula: "margin points lost × net sales of the last window",
        evidence: {
          observed: `margin ${facts.marginNow}, unit cost ${facts.costNow}`,
          expected: `margin ${facts.marginBefore}, unit cost ${facts.costBefore}`,
          band: `a fall of at least ${EROSION_POINTS * 100} points with a unit-cost rise of ${COST_RISE * 100}% or more`,
          baselineWindow: `the ${days} days before the last ${days}`,
          sampleSize: p.units,
          method: "Products profit report, two windows compared",
        },
        link: `/costs/products?days=${days}`,
        action: { label: "Review price and cost", url: `/costs/products?days=${days}` },
        figure: Math.round(marginNow * 1000),
        day: today,
      },
    ];
  });
}
