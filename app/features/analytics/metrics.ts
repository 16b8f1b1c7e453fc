// The metrics registry: one definition for every figure the app shows (house rule 7,
// docs/decisions/050-metrics-registry.md). The dashboard cards, the P&L lines, the
// Analytics screen, the exports and the JSON API all take their figures from
// `computeMetrics`, and the glossary (/analytics/glossary) renders these definitions.
// The money formula itself is the profit feature's `computeProfit`, so the registry and
// the dashboard cannot drift apart; a test fails when a card or a P&L line has no entry here.
import { AOV_BASIS, averageOrderValue, computeProfit, EMPTY_TOTALS, type PeriodTotals } from "~/features/profit";
import { funnelVisitors, type CountKey } from "~/features/analytics/counts";

/** A multiple is a ratio shown as "3.20×" (ROAS, MER, POAS); a rate is a fraction shown as a percent. */
export type MetricUnit = "money" | "count" | "rate" | "multiple";
export type MetricPolarity = "higherIsBetter" | "lowerIsBetter" | "neutral";

/** Everything a period's figures are computed from: the daily rollup sums, expenses and the funnel. */
export type MetricInputs = PeriodTotals & {
  /** Operating expenses attributed to the period (unrounded; profit.ts expensesInRange). */
  operatingExpensesMinor: number;
  visitors: number;
  /** Null when the source does not report product views (a connected store: decision 065). */
  productViews: number | null;
  addToCart: number;
  purchases: number;
  /** New customers of the period (counts.ts newCustomers); null where they are not counted (per-day exports). */
  newCustomers: number | null;
};

export const EMPTY_INPUTS: MetricInputs = {
  ...EMPTY_TOTALS,
  operatingExpensesMinor: 0,
  visitors: 0,
  productViews: 0,
  addToCart: 0,
  purchases: 0,
  newCustomers: null,
};

/** The time-zone rule every figure follows (the shop's IANA zone, Settings → General). */
export const TIME_ZONE_RULE =
  "Days are calendar days in the shop's time zone: an order counts on the day it was processed, a refund on the day it was issued, ad spend, sessions and funnel steps on the day the platform reported them.";

export const METRIC_KEYS = [
  "grossSales",
  "discounts",
  "refunds",
  "netSales",
  "shipping",
  "taxes",
  "revenue",
  "orders",
  "averageOrderValue",
  "cogs",
  "uncostedUnits",
  "grossProfit",
  "adSpend",
  "shippingCost",
  "paymentFees",
  "expenses",
  "loyalty",
  "totalCosts",
  "netProfit",
  "margin",
  "sessions",
  "conversionRate",
  "visitors",
  "productViews",
  "addToCart",
  "purchases",
  "checkoutConversion",
  "mer",
  "poas",
  "cac",
] as const;

/** Figures of a part of a period (one traffic source, one funnel step): computed by analytics.server.ts. */
export const BREAKDOWN_KEYS = [
  "sessionShare",
  "orderShare",
  "stepRate",
  "visitorRate",
  "platformRoas",
  "attributedRoas",
] as const;

export type MetricKey = (typeof METRIC_KEYS)[number];
export type BreakdownKey = (typeof BREAKDOWN_KEYS)[number];
export type FigureKey = MetricKey | BreakdownKey;

export type MetricDefinition = {
  key: MetricKey;
  label: string;
  /** The base in a few words, shown under the label wherever the figure is (e.g. "Net sales ÷ orders"). */
  basis?: string;
  unit: MetricUnit;
  polarity: MetricPolarity;
  /** The formula in words, as the glossary shows it. */
  formula: string;
  includes: string[];
  excludes: string[];
  /** The time-zone rule; the common one unless a figure needs more. */
  timeZone: string;
  /** The figure for a period; null when it has no meaning (a ratio over zero). */
  compute: (inputs: MetricInputs) => number | null;
  /** Why the figure is none ("—") for these inputs, said beside it; only figures that can be none. */
  whenNone?: (inputs: MetricInputs) => string;
};

export type BreakdownDefinition = Omit<MetricDefinition, "key" | "compute" | "whenNone"> & { key: BreakdownKey };

const CANCELLED = "Cancelled orders (and their refunds), in every period";
const profit = (i: MetricInputs) => computeProfit(i, i.operatingExpensesMinor);
const netSales = (i: MetricInputs) => i.grossSalesMinor - i.discountsMinor - i.refundsMinor;

type Entry = Omit<MetricDefinition, "key" | "timeZone"> & { timeZone?: string };

// ── Marketing figures (docs/decisions/093-marketing-figures.md) ──

/** Sales or profit per unit of ad spend (ROAS, MER, POAS): none without spend, never Infinity. */
export const perSpend = (valueMinor: number, spendMinor: number): number | null =>
  spendMinor > 0 ? valueMinor / spendMinor : null;

/** Ad spend per new customer (CAC) in minor units: none without spend or without new customers, never 0 or Infinity. */
export const spendPer = (spendMinor: number, count: number | null): number | null =>
  spendMinor > 0 && count !== null && count > 0 ? Math.round(spendMinor / count) : null;

/** Why a per-spend figure is none. */
export const NO_SPEND = "No ad spend in the period";
export const NO_NEW_CUSTOMERS = "No new customers in the period";
export const NEW_CUSTOMERS_NOT_COUNTED = "New customers are counted for whole periods only";

const spendReason = () => NO_SPEND;
const MARKETING_INCLUDES =
  "Ad spend of every channel: read from a connected platform, imported by CSV or entered by hand";

const DEFINITIONS: Record<MetricKey, Entry> = {
  grossSales: {
    label: "Gross sales",
    unit: "money",
    polarity: "higherIsBetter",
    formula: "Σ over order lines of quantity × unit price",
    includes: ["Every line of every order processed in the period"],
    excludes: [CANCELLED, "Discounts, shipping charged and taxes"],
    compute: (i) => i.grossSalesMinor,
  },
  discounts: {
    label: "Discounts",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Σ order and line discounts",
    includes: ["Discount codes, automatic discounts and line discounts"],
    excludes: [CANCELLED],
    compute: (i) => i.discountsMinor,
  },
  refunds: {
    label: "Refunds",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Σ refunded amounts, on the day each refund was issued",
    includes: ["Refunds of orders placed in an earlier period"],
    excludes: [CANCELLED],
    compute: (i) => i.refundsMinor,
  },
  netSales: {
    label: "Net sales",
    unit: "money",
    polarity: "higherIsBetter",
    formula: "Gross sales − discounts − refunds",
    includes: ["Refunds on their own day"],
    excludes: [CANCELLED, "Shipping charged and taxes"],
    compute: netSales,
  },
  shipping: {
    label: "Shipping charged",
    unit: "money",
    polarity: "higherIsBetter",
    formula: "Σ shipping charged to customers",
    includes: ["Shipping lines of orders processed in the period"],
    excludes: [CANCELLED, "What the merchant paid for labels (see Shipping labels)"],
    compute: (i) => i.shippingMinor,
  },
  taxes: {
    label: "Taxes",
    unit: "money",
    polarity: "neutral",
    formula: "Σ taxes collected",
    includes: ["Taxes of orders processed in the period"],
    excludes: [CANCELLED, "Taxes are never revenue: they are owed to the state"],
    compute: (i) => i.taxesMinor,
  },
  revenue: {
    label: "Revenue",
    unit: "money",
    polarity: "higherIsBetter",
    formula: "Net sales + shipping charged (gross sales − discounts − refunds + shipping)",
    includes: ["Refunds on their own day", "Shipping charged to the customer"],
    excludes: [CANCELLED, "Taxes"],
    compute: (i) => profit(i).revenueMinor,
  },
  orders: {
    label: "Orders",
    unit: "count",
    polarity: "higherIsBetter",
    formula: "Number of orders processed in the period",
    includes: ["Orders later refunded in full (their refunds count on their own day)"],
    excludes: [CANCELLED],
    compute: (i) => i.ordersCount,
  },
  averageOrderValue: {
    label: "Average order value",
    unit: "money",
    polarity: "higherIsBetter",
    basis: AOV_BASIS,
    formula: `${AOV_BASIS} (gross sales − discounts − refunds, ÷ orders; none without orders): the Net sales figure divided by the Orders figure, on every screen`,
    includes: ["Refunds issued in the period"],
    excludes: [CANCELLED, "Shipping charged and taxes (so it is not revenue ÷ orders)"],
    compute: averageOrderValue,
  },
  cogs: {
    label: "Cost of goods",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Σ quantity × unit cost at the time of sale (or the cost entered in the app from its effective day)",
    includes: ["Lines of orders processed in the period whose cost is known"],
    excludes: [CANCELLED, "Units whose cost is unknown: reported separately, never counted as zero"],
    compute: (i) => i.cogsMinor,
  },
  uncostedUnits: {
    label: "Units without a cost",
    unit: "count",
    polarity: "lowerIsBetter",
    formula: "Σ quantity of lines with no known unit cost",
    includes: ["Lines of orders processed in the period"],
    excludes: [CANCELLED],
    compute: (i) => i.uncostedUnits,
  },
  grossProfit: {
    label: "Gross profit",
    unit: "money",
    polarity: "higherIsBetter",
    formula: "Revenue − cost of goods",
    includes: ["Shipping charged (in revenue)"],
    excludes: [CANCELLED, "Ad spend, shipping labels, payment fees and operating expenses"],
    // Revenue − COGS without building the whole profit statement (exports compute it per order).
    compute: (i) => netSales(i) + i.shippingMinor - i.cogsMinor,
  },
  adSpend: {
    label: "Ad spend",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Σ daily ad spend over all connected channels",
    includes: ["Every channel's spend on the days it reported"],
    excludes: ["Channels not connected"],
    compute: (i) => i.adSpendMinor,
  },
  shippingCost: {
    label: "Shipping labels",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Σ what the merchant paid to ship, where known",
    includes: ["Label costs of orders processed in the period"],
    excludes: [CANCELLED, "Orders whose label cost is unknown"],
    compute: (i) => i.shippingCostMinor,
  },
  paymentFees: {
    label: "Payment fees",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Σ payment processing fees, where known",
    includes: ["Fees of orders processed in the period"],
    excludes: [CANCELLED, "Orders whose fee is unknown"],
    compute: (i) => i.paymentFeesMinor,
  },
  expenses: {
    label: "Operating expenses",
    unit: "money",
    polarity: "lowerIsBetter",
    formula:
      "One-time expenses in full on their date; recurring ones spread evenly over their interval, for each day on or after their first day",
    includes: ["Every expense entered in Costs & Profit"],
    excludes: ["Days before a recurring expense's first day"],
    compute: (i) => profit(i).operatingExpensesMinor,
  },
  loyalty: {
    label: "Loyalty rewards",
    unit: "money",
    polarity: "lowerIsBetter",
    formula:
      "Σ value of loyalty points redeemed for reward codes (each day at that day's points value) − codes given back unused − codes that orders used (their value is already in Discounts)",
    includes: ["Reward codes issued in the period and not yet spent on an order"],
    excludes: ["Points earned but not redeemed (the liability on the Loyalty screen)", "Codes spent on orders"],
    compute: (i) => i.loyaltyCostMinor,
  },
  totalCosts: {
    label: "Total costs",
    unit: "money",
    polarity: "lowerIsBetter",
    formula: "Cost of goods + ad spend + operating expenses + shipping labels + payment fees + loyalty rewards",
    includes: ["Every known cost of the period"],
    excludes: ["Unknown unit costs (reported, not counted as zero)", "Taxes"],
    compute: (i) => profit(i).totalCostsMinor,
  },
  netProfit: {
    label: "Net profit",
    unit: "money",
    polarity: "higherIsBetter",
    formula: "Revenue − total costs",
    includes: ["Every known cost of the period"],
    excludes: [CANCELLED, "Taxes", "Unknown unit costs (so profit may be overstated; the count is shown)"],
    compute: (i) => profit(i).netProfitMinor,
  },
  margin: {
    label: "Profit margin",
    unit: "rate",
    polarity: "higherIsBetter",
    formula: "Net profit ÷ revenue (none when revenue is zero or less)",
    includes: ["As net profit and revenue"],
    excludes: ["As net profit and revenue"],
    compute: (i) => profit(i).profitMargin,
  },
  sessions: {
    label: "Sessions",
    unit: "count",
    polarity: "higherIsBetter",
    basis: "All traffic sources",
    formula: "Σ online store sessions, over all traffic sources (the funnel's Visitors are this same figure)",
    includes: ["Sessions of every referrer source, unknown included"],
    excludes: ["Sales channels other than the online store"],
    compute: (i) => i.sessions,
  },
  conversionRate: {
    label: "Conversion rate",
    unit: "rate",
    polarity: "higherIsBetter",
    formula: "Orders ÷ sessions (none without sessions)",
    includes: ["Every order of the period, whatever its channel"],
    excludes: [CANCELLED],
    compute: (i) => profit(i).conversionRate,
  },
  visitors: {
    label: "Visitors",
    unit: "count",
    polarity: "higherIsBetter",
    basis: "The Sessions figure",
    formula:
      "The funnel's first step: the period's sessions, the same figure as Sessions (Shopify's funnel counts the same online store sessions, so one source is read for both)",
    includes: ["Online store sessions of every traffic source"],
    excludes: ["Other sales channels"],
    compute: funnelVisitors,
  },
  productViews: {
    label: "Product views",
    unit: "count",
    polarity: "higherIsBetter",
    formula:
      "Σ sessions that viewed a product (not reported by Shopify for a connected store: shown as such, never as 0)",
    includes: ["Online store sessions"],
    excludes: ["Other sales channels"],
    compute: (i) => i.productViews,
  },
  addToCart: {
    label: "Add to cart",
    unit: "count",
    polarity: "higherIsBetter",
    formula: "Σ sessions that added a product to the cart",
    includes: ["Online store sessions"],
    excludes: ["Other sales channels"],
    compute: (i) => i.addToCart,
  },
  purchases: {
    label: "Purchases",
    unit: "count",
    polarity: "higherIsBetter",
    formula: "Σ sessions that completed a checkout",
    includes: ["Online store sessions"],
    excludes: ["Other sales channels"],
    compute: (i) => i.purchases,
  },
  checkoutConversion: {
    label: "Funnel conversion",
    unit: "rate",
    polarity: "higherIsBetter",
    formula: "Purchases ÷ visitors, that is ÷ sessions (none without sessions)",
    includes: ["Online store sessions"],
    excludes: ["Other sales channels"],
    compute: (i) => shareOf(i.purchases, funnelVisitors(i)),
  },
  mer: {
    label: "MER (blended ROAS)",
    basis: "Net sales ÷ ad spend",
    unit: "multiple",
    polarity: "higherIsBetter",
    formula:
      "Net sales ÷ ad spend, over every order and every channel. MER (marketing efficiency ratio) and blended ROAS are two names for this one figure: return on ad spend measured on all sales, not only on the sales a platform or a UTM tag credits to its ads. Shown as a multiple: 3.20× is 3.20 of net sales for each 1 spent; none (—) without ad spend",
    includes: ["Net sales of every order of the period, whatever brought it", MARKETING_INCLUDES],
    excludes: [CANCELLED, "Shipping charged and taxes (net sales, not revenue)"],
    compute: (i) => perSpend(netSales(i), i.adSpendMinor),
    whenNone: spendReason,
  },
  poas: {
    label: "POAS",
    basis: "Gross profit ÷ ad spend",
    unit: "multiple",
    polarity: "higherIsBetter",
    formula:
      "Gross profit (revenue − cost of goods, as the Gross profit figure) ÷ ad spend: profit on ad spend. Above 1× the period's gross profit covered its ads; none (—) without ad spend",
    includes: ["Gross profit of every order of the period", MARKETING_INCLUDES],
    excludes: [
      CANCELLED,
      "Units whose cost is unknown (left out of cost of goods, so POAS may be overstated; the count is shown)",
    ],
    compute: (i) => perSpend(netSales(i) + i.shippingMinor - i.cogsMinor, i.adSpendMinor),
    whenNone: spendReason,
  },
  cac: {
    label: "CAC",
    basis: "Ad spend ÷ new customers",
    unit: "money",
    polarity: "lowerIsBetter",
    formula:
      "Ad spend ÷ new customers (the New customers count: customers whose first order was processed in the period), rounded to the cent. All ad spend counts, also what brought back returning customers; none (—) without ad spend or without new customers",
    includes: [MARKETING_INCLUDES],
    excludes: ["Customers whose first order came before the period", "Guest checkouts (no customer record)"],
    compute: (i) => spendPer(i.adSpendMinor, i.newCustomers),
    whenNone: (i) =>
      i.adSpendMinor <= 0 ? NO_SPEND : i.newCustomers === null ? NEW_CUSTOMERS_NOT_COUNTED : NO_NEW_CUSTOMERS,
  },
};

const BREAKDOWNS: Record<BreakdownKey, Omit<BreakdownDefinition, "key" | "timeZone">> = {
  sessionShare: {
    label: "Share of sessions",
    unit: "rate",
    polarity: "neutral",
    formula: "A source's sessions ÷ all sessions of the period",
    includes: ["Sessions whose source is unknown, as their own row"],
    excludes: ["Other sales channels"],
  },
  orderShare: {
    label: "Share of orders",
    unit: "rate",
    polarity: "neutral",
    formula: "Orders attributed to a source ÷ all orders of the period",
    includes: ["Orders without a source, as Unknown"],
    excludes: [CANCELLED],
  },
  stepRate: {
    label: "Rate of previous step",
    unit: "rate",
    polarity: "higherIsBetter",
    formula: "A funnel step's sessions ÷ the previous step's sessions",
    includes: ["Online store sessions"],
    excludes: ["Other sales channels"],
  },
  visitorRate: {
    label: "Rate of all visitors",
    unit: "rate",
    polarity: "higherIsBetter",
    formula: "A funnel step's sessions ÷ visitors",
    includes: ["Online store sessions"],
    excludes: ["Other sales channels"],
  },
  platformRoas: {
    label: "ROAS as the platform reports",
    basis: "Platform's conversion value ÷ spend",
    unit: "multiple",
    polarity: "higherIsBetter",
    formula:
      "Σ the conversion value the ad platform reports for the channel's campaigns ÷ the channel's spend, over the campaign days its reporting API returned (each day's value converted to the shop's currency at that day's rate, as the spend). The platform credits its own ads by its own attribution window and model, so these figures overlap between platforms; none (—) without spend or without a platform report",
    includes: ["Conversions the platform counts, as it counts them (view-through conversions where it counts them)"],
    excludes: [
      "Channels whose spend was imported by CSV or entered by hand: no platform report",
      "Campaign days the platform did not report",
    ],
  },
  attributedRoas: {
    label: "ROAS from orders",
    basis: "Net sales of the channel's orders ÷ spend",
    unit: "multiple",
    polarity: "higherIsBetter",
    formula:
      "Net sales of the orders whose visit is attributed to the channel ÷ the channel's spend. An order belongs to a channel when its visit was paid (an ad click id such as gclid, ttclid or msclkid, a paid UTM medium such as cpc, ppc, paid or paidsocial, or Shopify's ad tactic) and the click id, the utm_source or the referrer names the platform (google, facebook or instagram for Meta, tiktok, …). Each order counts once, for one channel; none (—) without spend",
    includes: ["Refunds of those orders on their own day", "Orders of the period from paid visits of a known platform"],
    excludes: [
      CANCELLED,
      "Paid visits that name no platform (the Paid (other) traffic source)",
      "Organic visits from the same network (a Facebook post, fbclid without a paid medium)",
    ],
  },
};

export const BREAKDOWN_METRICS: Record<BreakdownKey, BreakdownDefinition> = Object.fromEntries(
  BREAKDOWN_KEYS.map((key) => [key, { key, timeZone: TIME_ZONE_RULE, ...BREAKDOWNS[key] }]),
) as Record<BreakdownKey, BreakdownDefinition>;

/** A share or step rate: part ÷ whole, none when the whole is zero. */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export const METRICS: Record<MetricKey, MetricDefinition> = Object.fromEntries(
  METRIC_KEYS.map((key) => [key, { key, timeZone: TIME_ZONE_RULE, ...DEFINITIONS[key] }]),
) as Record<MetricKey, MetricDefinition>;

export function isMetricKey(key: string): key is MetricKey {
  return (METRIC_KEYS as readonly string[]).includes(key);
}

export type MetricValues = Record<MetricKey, number | null>;

/** Every registry figure for one period. Money in minor units, rates as fractions. */
export function computeMetrics(inputs: MetricInputs): MetricValues {
  return Object.fromEntries(METRIC_KEYS.map((k) => [k, METRICS[k].compute(inputs)])) as MetricValues;
}

/** Why a registry figure is none for these inputs, or null when it has a value. */
export function noneReason(key: MetricKey, inputs: MetricInputs): string | null {
  const d = METRICS[key];
  return d.compute(inputs) === null && d.whenNone ? d.whenNone(inputs) : null;
}

/** One registry figure, by the same definition `computeMetrics` uses: for per-day and per-row figures that need only it. */
export function computeMetric(key: MetricKey, inputs: MetricInputs): number | null {
  return METRICS[key].compute(inputs);
}

/** Where a figure's or a count's definition is shown: the glossary, at its entry. */
export function glossaryHref(key: FigureKey | CountKey): string {
  return `/analytics/glossary#${key}`;
}
