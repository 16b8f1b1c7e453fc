// Loads the profit and loss statement of a period (pnl.ts) and the breakdown of any of its
// lines (docs/product/costs.md#profit-and-loss).
import { prisma } from "~/db.server";
import { eachDay, periodsEndingOn, type DayRange } from "~/lib/dates";
import { isComparable } from "~/features/profit/comparison";
import { buildPnl, channelLabel, roundParts, type Pnl, type PnlInput } from "~/features/profit/pnl";
import { expensesInRange, type ExpenseInput } from "~/features/profit/profit";
import { missingCosts, type MissingCosts } from "~/features/profit/missing-costs.server";
import { missingCostSentence } from "~/features/profit/missing-costs";
import { firstDataDay, loadRollups, sumRange, todayFor } from "~/features/profit/dashboard.server";
import { feeSourceSentence } from "~/features/profit/payment-fees";
import { shippingSourceSentence } from "~/features/profit/shipping-costs";
import { formatMoney } from "~/lib/money";

type ShopRef = { id: string; timezone: string; currency: string };

type CategorisedExpense = ExpenseInput & { id: string; category: string; description: string };

async function loadCategorisedExpenses(shopId: string, upTo: string): Promise<CategorisedExpense[]> {
  return prisma.operatingExpense.findMany({
    where: { shopId, date: { lte: upTo } },
    select: {
      id: true,
      category: true,
      description: true,
      amountMinor: true,
      date: true,
      recurring: true,
      recurringInterval: true,
    },
  });
}

function byCategory(expenses: CategorisedExpense[], range: DayRange): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of expenses) {
    const amount = expensesInRange([e], range);
    if (amount !== 0) out[e.category] = (out[e.category] ?? 0) + amount;
  }
  return out;
}

async function adSpendByChannel(shopId: string, range: DayRange): Promise<Record<string, number>> {
  const rows = await prisma.adSpendDay.groupBy({
    by: ["channel"],
    where: { shopId, day: { gte: range.from, lte: range.to } },
    _sum: { amountMinor: true },
  });
  return Object.fromEntries(rows.map((r) => [r.channel, r._sum.amountMinor ?? 0]));
}

/**
 * Orders in the range (not cancelled) whose shipping label cost or payment fee is unknown, and the
 * range's fees and label costs by where they come from (docs/decisions/088, 092): all from the
 * daily rollup, which sums the orders' sources (decision 097). A source is listed when its amount
 * is not zero; orders written before fees or labels were read (no source) are "recorded".
 */
async function orderCostSources(shopId: string, range: DayRange) {
  const { _sum: sum } = await prisma.dailyRollup.aggregate({
    where: { shopId, day: { gte: range.from, lte: range.to } },
    _sum: {
      ordersCount: true,
      unknownShippingCostOrders: true,
      unknownPaymentFeeOrders: true,
      paymentFeesMinor: true,
      shippingCostMinor: true,
      feesShopifyPaymentsMinor: true,
      feesByRuleMinor: true,
      labelsImportedMinor: true,
      labelsByRuleMinor: true,
    },
  });
  const v = (n: number | null) => n ?? 0;
  const row = (source: string | null, amountMinor: number) => ({ source, amountMinor, orders: amountMinor ? 1 : 0 });
  const fees = [
    row("shopify_payments", v(sum.feesShopifyPaymentsMinor)),
    row("rule", v(sum.feesByRuleMinor)),
    row(null, v(sum.paymentFeesMinor) - v(sum.feesShopifyPaymentsMinor) - v(sum.feesByRuleMinor)),
  ];
  const labels = [
    row("import", v(sum.labelsImportedMinor)),
    row("rule", v(sum.labelsByRuleMinor)),
    row(null, v(sum.shippingCostMinor) - v(sum.labelsImportedMinor) - v(sum.labelsByRuleMinor)),
  ];
  return {
    orders: v(sum.ordersCount),
    noLabel: v(sum.unknownShippingCostOrders),
    noFee: v(sum.unknownPaymentFeeOrders),
    fees,
    labels,
  };
}

const ofOrders = (unknown: number, orders: number, what: string) =>
  unknown === 0 ? undefined : `${what} unknown for ${unknown} of ${orders} ${orders === 1 ? "order" : "orders"}`;

export type ProfitAndLoss = Pnl & {
  range: DayRange;
  previousRange: DayRange;
  comparable: boolean;
  missing: MissingCosts;
};

export async function getProfitAndLoss(shop: ShopRef, days: number, now = new Date()): Promise<ProfitAndLoss> {
  const { current, previous } = periodsEndingOn(todayFor(shop, now), days);
  const [rows, expenses, first, adsNow, adsBefore, missing, unknown] = await Promise.all([
    loadRollups(shop.id, { from: previous.from, to: current.to }),
    loadCategorisedExpenses(shop.id, current.to),
    firstDataDay(shop.id),
    adSpendByChannel(shop.id, current),
    adSpendByChannel(shop.id, previous),
    missingCosts(shop.id, current),
    orderCostSources(shop.id, current),
  ]);
  const money = (m: number) => formatMoney(m, shop.currency);
  const input = (range: DayRange, ads: Record<string, number>): PnlInput => ({
    totals: sumRange(rows, range),
    adSpendByChannel: ads,
    expensesByCategory: byCategory(expenses, range),
  });
  const comparable = isComparable(previous, first);
  const pnl = buildPnl(input(current, adsNow), input(previous, adsBefore), comparable, {
    cogs: missingCostSentence({ missing: missing.variants.length, sold: missing.sold }) ?? undefined,
    shippingLabels: ofOrders(unknown.noLabel, unknown.orders, "Label cost"),
    shippingLabelsSource: shippingSourceSentence(unknown.labels, unknown.noLabel, money) ?? undefined,
    paymentFees: ofOrders(unknown.noFee, unknown.orders, "Fee"),
    paymentFeesSource: feeSourceSentence(unknown.fees, money) ?? undefined,
  });
  return { ...pnl, range: current, previousRange: previous, comparable, missing };
}

export type BreakdownRow = { label: string; amountMinor: number; detail?: string };
export type Breakdown = { title: string; rows: BreakdownRow[]; totalMinor: number; note?: string };

const ROLLUP_LINES = {
  grossSales: ["Gross sales", (t) => t.grossSalesMinor],
  discounts: ["Discounts", (t) => t.discountsMinor],
  refunds: ["Refunds", (t) => t.refundsMinor],
  netSales: ["Net sales", (t) => t.grossSalesMinor - t.discountsMinor - t.refundsMinor],
  shipping: ["Shipping charged", (t) => t.shippingMinor],
  cogs: ["Cost of goods", (t) => t.cogsMinor],
  adSpend: ["Ad spend", (t) => t.adSpendMinor],
  shippingCost: ["Shipping labels", (t) => t.shippingCostMinor],
  paymentFees: ["Payment fees", (t) => t.paymentFeesMinor],
  loyalty: ["Loyalty rewards", (t) => t.loyaltyCostMinor],
} satisfies Record<string, [string, (t: ReturnType<typeof sumRange>) => number]>;

export const BREAKDOWN_LINES = [...Object.keys(ROLLUP_LINES), "expenses", "ad:*", "expense:*"];

/** Weeks (or days, for periods up to 31 days) of the range, newest first. */
function slices(range: DayRange): DayRange[] {
  const days = eachDay(range);
  const size = days.length > 31 ? 7 : 1;
  const out: DayRange[] = [];
  for (let end = days.length - 1; end >= 0; end -= size)
    out.push({ from: days[Math.max(0, end - size + 1)], to: days[end] });
  return out;
}

const sliceLabel = (r: DayRange) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`);

/**
 * What makes up one line of the statement: its amount per day or week for the rollup
 * lines and each ad channel, the expenses behind an expense category. Null for a key
 * that is not a line.
 */
export async function getBreakdown(shop: ShopRef, days: number, key: string, now = new Date()) {
  const range = periodsEndingOn(todayFor(shop, now), days).current;
  if (key in ROLLUP_LINES) {
    const [title, pick] = ROLLUP_LINES[key as keyof typeof ROLLUP_LINES];
    const rows = await loadRollups(shop.id, range);
    const out = slices(range).map((r) => ({ label: sliceLabel(r), amountMinor: pick(sumRange(rows, r)) }));
    return breakdown(title, out, key === "cogs" ? "Units whose cost is unknown are not in this figure." : undefined);
  }
  if (key.startsWith("ad:")) {
    const channel = key.slice(3);
    const spend = await prisma.adSpendDay.findMany({
      where: { shopId: shop.id, channel, day: { gte: range.from, lte: range.to } },
      select: { day: true, amountMinor: true },
    });
    if (spend.length === 0) return null;
    const out = slices(range).map((r) => ({
      label: sliceLabel(r),
      amountMinor: spend.filter((s) => s.day >= r.from && s.day <= r.to).reduce((a, s) => a + s.amountMinor, 0),
    }));
    return breakdown(channelLabel(channel), out);
  }
  if (key === "expenses" || key.startsWith("expense:")) {
    const category = key === "expenses" ? null : key.slice("expense:".length);
    const expenses = (await loadCategorisedExpenses(shop.id, range.to)).filter(
      (e) => category === null || e.category === category,
    );
    const parts = Object.fromEntries(expenses.map((e) => [e.id, expensesInRange([e], range)]));
    const rounded = roundParts(parts);
    if (category !== null && expenses.length) {
      // The items add up to the category's line in the statement, rounded as it was there.
      const target = roundParts(byCategory(await loadCategorisedExpenses(shop.id, range.to), range))[category] ?? 0;
      const largest = expenses.reduce((a, b) => (parts[b.id] > parts[a.id] ? b : a));
      rounded[largest.id] += target - Object.values(rounded).reduce((s, v) => s + v, 0);
    }
    const out = expenses
      .filter((e) => parts[e.id] !== 0)
      .map((e) => ({
        label: e.description,
        amountMinor: rounded[e.id],
        detail: e.recurring
          ? `${e.recurringInterval ?? "monthly"} from ${e.date}, counted for the days of the period`
          : `one-time on ${e.date}`,
      }))
      .sort((a, b) => b.amountMinor - a.amountMinor);
    if (category !== null && out.length === 0) return null;
    return breakdown(category === null ? "Operating expenses" : category[0].toUpperCase() + category.slice(1), out);
  }
  return null;
}

function breakdown(title: string, rows: BreakdownRow[], note?: string): Breakdown {
  return { title, rows, totalMinor: rows.reduce((s, r) => s + r.amountMinor, 0), note };
}
