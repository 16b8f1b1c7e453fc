// The profit and loss statement for a period (docs/product/costs.md#profit-and-loss), built
// from the same period totals as the dashboard, so its Revenue, Total costs and Net profit
// are the dashboard's to the cent. Every line carries the key of its breakdown.
import { computeProfit, type PeriodTotals, type ProfitFigures } from "~/features/profit/profit";
import { honestChange, type Polarity } from "~/features/profit/comparison";
import { channelLabel } from "~/features/profit/ad-channels";

export { channelLabel };

export type PnlLineKind = "income" | "deduction" | "cost" | "subtotal" | "total";

export type PnlLine = {
  key: string;
  label: string;
  kind: PnlLineKind;
  /**
   * For deductions and costs, what the line takes away (negative for a credit, such as loyalty
   * codes given back exceeding those redeemed); the sign shown comes from `kind`.
   */
  amountMinor: number;
  previousMinor: number;
  change: number | null;
  polarity: Polarity;
  /** Indented under the line before it with the same parent. */
  parent?: string;
  /** What is unknown in this line, e.g. "8 of 30 variants sold have no cost". */
  unknown?: string;
  /** Where the line's amount comes from, e.g. "Shopify Payments $1,200.00 · rules (estimated) $80.00". */
  source?: string;
  /** Marketing figures shown under an ad spend line (ROAS both ways; MER, POAS, CAC on the total). */
  figures?: AdFigure[];
};

/**
 * A marketing figure of the registry (analytics/metrics.ts) shown on an ad spend line. The
 * Analytics feature computes them (it knows orders' channels, platforms' reports and new
 * customers); the P&L only places them, so they are typed here, where the line is.
 */
export type AdFigure = {
  /** The registry key: mer, poas, cac, platformRoas, attributedRoas. */
  key: string;
  label: string;
  unit: "multiple" | "money";
  value: number | null;
  /** Why there is no value ("No ad spend in the period"); set when value is null. */
  reason?: string;
  /** Where the figure comes from, e.g. "as Google Ads reports" or "orders by UTM and click ids". */
  basis?: string;
};

/** The statement's lines with each ad spend line's marketing figures (by line key: adSpend, ad:<channel>). */
export function withAdFigures(lines: PnlLine[], figures: Record<string, AdFigure[]>): PnlLine[] {
  return lines.map((l) => (figures[l.key]?.length ? { ...l, figures: figures[l.key] } : l));
}

export type PnlInput = {
  totals: PeriodTotals;
  /** Ad spend per channel, summing to totals.adSpendMinor. */
  adSpendByChannel: Record<string, number>;
  /** Operating expenses per category, unrounded (expensesInRange per category). */
  expensesByCategory: Record<string, number>;
};

export type PnlUnknowns = {
  cogs?: string;
  shippingLabels?: string;
  shippingLabelsSource?: string;
  paymentFees?: string;
  paymentFeesSource?: string;
};

export type Pnl = {
  lines: PnlLine[];
  figures: ProfitFigures;
  grossProfitMinor: number;
  netSalesMinor: number;
  margin: number | null;
};

/**
 * Rounds parts to whole minor units so they sum exactly to the rounded total
 * (largest remainder), so expense categories always add up to the expenses line.
 */
export function roundParts(parts: Record<string, number>): Record<string, number> {
  const entries = Object.entries(parts);
  const total = Math.round(entries.reduce((s, [, v]) => s + v, 0));
  const floored = entries.map(([k, v]) => ({ k, v: Math.floor(v), rest: v - Math.floor(v) }));
  let missing = total - floored.reduce((s, e) => s + e.v, 0);
  for (const e of [...floored].sort((a, b) => b.rest - a.rest || a.k.localeCompare(b.k))) {
    if (missing <= 0) break;
    e.v += 1;
    missing -= 1;
  }
  return Object.fromEntries(floored.map((e) => [e.k, e.v]));
}

const sum = (parts: Record<string, number>) => Object.values(parts).reduce((s, v) => s + v, 0);

function statement(input: PnlInput) {
  const t = input.totals;
  const expenses = roundParts(input.expensesByCategory);
  const figures: ProfitFigures = computeProfit(t, sum(input.expensesByCategory));
  const netSalesMinor = t.grossSalesMinor - t.discountsMinor - t.refundsMinor;
  const grossProfitMinor = figures.revenueMinor - t.cogsMinor;
  return { t, expenses, figures, netSalesMinor, grossProfitMinor };
}

type Row = Omit<PnlLine, "previousMinor" | "change">;

function rowsOf(s: ReturnType<typeof statement>, ads: Record<string, number>, unknowns: PnlUnknowns): Row[] {
  const { t, expenses, figures } = s;
  const up: Polarity = "higherIsBetter";
  const down: Polarity = "lowerIsBetter";
  const rows: Row[] = [
    { key: "grossSales", label: "Gross sales", kind: "income", amountMinor: t.grossSalesMinor, polarity: up },
    { key: "discounts", label: "Discounts", kind: "deduction", amountMinor: t.discountsMinor, polarity: down },
    { key: "refunds", label: "Refunds", kind: "deduction", amountMinor: t.refundsMinor, polarity: down },
    { key: "netSales", label: "Net sales", kind: "subtotal", amountMinor: s.netSalesMinor, polarity: up },
    { key: "shipping", label: "Shipping charged", kind: "income", amountMinor: t.shippingMinor, polarity: up },
    { key: "revenue", label: "Revenue", kind: "subtotal", amountMinor: figures.revenueMinor, polarity: up },
    {
      key: "cogs",
      label: "Cost of goods",
      kind: "cost",
      amountMinor: t.cogsMinor,
      polarity: down,
      unknown: unknowns.cogs,
    },
    { key: "grossProfit", label: "Gross profit", kind: "subtotal", amountMinor: s.grossProfitMinor, polarity: up },
    { key: "adSpend", label: "Ad spend", kind: "cost", amountMinor: t.adSpendMinor, polarity: down },
  ];
  for (const [channel, amount] of Object.entries(ads).sort(([a], [b]) => a.localeCompare(b)))
    rows.push({
      key: `ad:${channel}`,
      label: channelLabel(channel),
      kind: "cost",
      amountMinor: amount,
      polarity: down,
      parent: "adSpend",
    });
  rows.push(
    {
      key: "shippingCost",
      label: "Shipping labels",
      kind: "cost",
      amountMinor: t.shippingCostMinor,
      polarity: down,
      unknown: unknowns.shippingLabels,
      source: unknowns.shippingLabelsSource,
    },
    {
      key: "paymentFees",
      label: "Payment fees",
      kind: "cost",
      amountMinor: t.paymentFeesMinor,
      polarity: down,
      unknown: unknowns.paymentFees,
      source: unknowns.paymentFeesSource,
    },
    {
      key: "expenses",
      label: "Operating expenses",
      kind: "cost",
      amountMinor: figures.operatingExpensesMinor,
      polarity: down,
    },
  );
  for (const [category, amount] of Object.entries(expenses).sort(([a], [b]) => a.localeCompare(b)))
    rows.push({
      key: `expense:${category}`,
      label: capitalize(category),
      kind: "cost",
      amountMinor: amount,
      polarity: down,
      parent: "expenses",
    });
  rows.push(
    { key: "loyalty", label: "Loyalty rewards", kind: "cost", amountMinor: t.loyaltyCostMinor, polarity: down },
    { key: "totalCosts", label: "Total costs", kind: "total", amountMinor: figures.totalCostsMinor, polarity: down },
    { key: "netProfit", label: "Net profit", kind: "total", amountMinor: figures.netProfitMinor, polarity: up },
  );
  return rows;
}

/** The parts of Total costs, as the Total Costs card lists them: every cost line not indented under another. */
export function costParts(lines: PnlLine[]): PnlLine[] {
  return lines.filter((l) => l.kind === "cost" && !l.parent);
}

function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * The statement for `current`, with each line's change against `previous` when that
 * period is comparable. Channels and categories present in either period are listed.
 */
export function buildPnl(current: PnlInput, previous: PnlInput, comparable: boolean, unknowns: PnlUnknowns = {}): Pnl {
  const keys = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, a[k] ?? 0]));
  const cur = {
    ...current,
    adSpendByChannel: keys(current.adSpendByChannel, previous.adSpendByChannel),
    expensesByCategory: keys(current.expensesByCategory, previous.expensesByCategory),
  };
  const s = statement(cur);
  const p = statement(previous);
  const before = new Map(rowsOf(p, previous.adSpendByChannel, {}).map((r) => [r.key, r.amountMinor]));
  const lines = rowsOf(s, cur.adSpendByChannel, unknowns).map((r) => {
    const previousMinor = before.get(r.key) ?? 0;
    return { ...r, previousMinor, change: honestChange(r.amountMinor, previousMinor, comparable) };
  });
  return {
    lines,
    figures: s.figures,
    grossProfitMinor: s.grossProfitMinor,
    netSalesMinor: s.netSalesMinor,
    margin: s.figures.profitMargin,
  };
}
