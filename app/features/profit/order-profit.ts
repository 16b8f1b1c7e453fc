// One order's net profit: the period formula (profit.ts) applied to a single order, so an order's
// figure and a period's figures never disagree. Unknown, not zero, when a line's cost is unknown
// (docs/decisions/042-honest-figures.md).
import { computeProfit, EMPTY_TOTALS } from "./profit";

/** The order's fields the figure reads (a Prisma `select` of Order gives exactly these). */
export const ORDER_PROFIT_SELECT = {
  grossSalesMinor: true,
  discountsMinor: true,
  refundsMinor: true,
  shippingMinor: true,
  taxesMinor: true,
  shippingCostMinor: true,
  paymentFeesMinor: true,
  lines: { select: { quantity: true, unitCostMinor: true } },
} as const;

export type OrderProfitInput = {
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  shippingCostMinor: number | null;
  paymentFeesMinor: number | null;
  lines: readonly { quantity: number; unitCostMinor: number | null }[];
};

/** The order's net profit in minor units; null when any line's unit cost is unknown. */
export function orderNetProfitMinor(o: OrderProfitInput): number | null {
  return orderProfitFigures(o).netProfitMinor;
}

/**
 * The order's figures by the same formula: revenue (net sales plus shipping charged), cost of
 * goods of the lines with a cost, net profit and margin; profit and margin are null when any
 * line's unit cost is unknown, the margin also when there is no revenue.
 */
export function orderProfitFigures(o: OrderProfitInput): {
  revenueMinor: number;
  cogsMinor: number;
  netProfitMinor: number | null;
  profitMargin: number | null;
} {
  const figures = computeProfit(
    {
      ...EMPTY_TOTALS,
      ordersCount: 1,
      grossSalesMinor: o.grossSalesMinor,
      discountsMinor: o.discountsMinor,
      refundsMinor: o.refundsMinor,
      shippingMinor: o.shippingMinor,
      taxesMinor: o.taxesMinor,
      cogsMinor: o.lines.reduce((s, l) => s + l.quantity * (l.unitCostMinor ?? 0), 0),
      shippingCostMinor: o.shippingCostMinor ?? 0,
      paymentFeesMinor: o.paymentFeesMinor ?? 0,
    },
    0,
  );
  const unknown = o.lines.some((l) => l.unitCostMinor === null);
  return {
    revenueMinor: figures.revenueMinor,
    cogsMinor: figures.cogsMinor,
    netProfitMinor: unknown ? null : figures.netProfitMinor,
    profitMargin: unknown ? null : figures.profitMargin,
  };
}
