// The profit formula, as pure functions over period totals. Written out with
// worked examples in docs/profit-formula.md; every figure on the dashboard and
// in the profit API comes from here.
import { addDays, daysBetween, type DayRange } from "~/lib/dates";

export type PeriodTotals = {
  ordersCount: number;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  cogsMinor: number;
  uncostedUnits: number;
  shippingCostMinor: number;
  paymentFeesMinor: number;
  adSpendMinor: number;
  sessions: number;
  /** Loyalty rewards redeemed and not spent on an order (docs/decisions/058). */
  loyaltyCostMinor: number;
};

export const EMPTY_TOTALS: PeriodTotals = {
  ordersCount: 0,
  grossSalesMinor: 0,
  discountsMinor: 0,
  refundsMinor: 0,
  shippingMinor: 0,
  taxesMinor: 0,
  cogsMinor: 0,
  uncostedUnits: 0,
  shippingCostMinor: 0,
  paymentFeesMinor: 0,
  adSpendMinor: 0,
  sessions: 0,
  loyaltyCostMinor: 0,
};

export function addTotals(a: PeriodTotals, b: Partial<PeriodTotals>): PeriodTotals {
  const out = { ...a };
  for (const key of Object.keys(EMPTY_TOTALS) as (keyof PeriodTotals)[]) out[key] += b[key] ?? 0;
  return out;
}

export type ExpenseInput = {
  amountMinor: number;
  date: string;
  recurring: boolean;
  recurringInterval: string | null;
};

export const EXPENSE_INTERVALS = ["weekly", "monthly", "quarterly", "yearly"] as const;
export type RecurringInterval = (typeof EXPENSE_INTERVALS)[number];

/** Average length of each interval in days (a year is 365.25 days). */
export const INTERVAL_DAYS: Record<RecurringInterval, number> = {
  weekly: 7,
  monthly: 365.25 / 12,
  quarterly: 365.25 / 4,
  yearly: 365.25,
};

/**
 * Operating expenses attributed to a range of days, in minor units (unrounded).
 * A one-time expense counts in full on its date. A recurring expense is spread
 * evenly over its interval and counts for each day of the range on or after its
 * first day.
 */
export function expensesInRange(expenses: readonly ExpenseInput[], range: DayRange): number {
  let total = 0;
  for (const e of expenses) {
    if (!e.recurring) {
      if (e.date >= range.from && e.date <= range.to) total += e.amountMinor;
      continue;
    }
    const start = e.date > range.from ? e.date : range.from;
    if (start > range.to) continue;
    const activeDays = daysBetween(start, range.to) + 1;
    const interval = INTERVAL_DAYS[(e.recurringInterval ?? "monthly") as RecurringInterval] ?? INTERVAL_DAYS.monthly;
    total += (e.amountMinor * activeDays) / interval;
  }
  return total;
}

/** Expenses for each day of a range, for charts. */
export function expensesByDay(expenses: readonly ExpenseInput[], range: DayRange): Map<string, number> {
  const out = new Map<string, number>();
  // expensesInRange for each single day, without its day arithmetic: on day d a one-time expense
  // counts in full when dated d, and a recurring one a day's share from its first day on.
  const perDay = expenses.map((e) => ({
    date: e.date,
    recurring: e.recurring,
    amount: e.recurring
      ? e.amountMinor /
        (INTERVAL_DAYS[(e.recurringInterval ?? "monthly") as RecurringInterval] ?? INTERVAL_DAYS.monthly)
      : e.amountMinor,
  }));
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) {
    let total = 0;
    for (const e of perDay) if (e.recurring ? e.date <= d : e.date === d) total += e.amount;
    out.set(d, total);
  }
  return out;
}

export type ProfitFigures = {
  /** Gross sales − discounts − refunds + shipping charged (taxes excluded). */
  revenueMinor: number;
  ordersCount: number;
  cogsMinor: number;
  adSpendMinor: number;
  operatingExpensesMinor: number;
  shippingCostMinor: number;
  paymentFeesMinor: number;
  /** Loyalty rewards: points redeemed in the period, less codes orders spent (already in discounts). */
  loyaltyCostMinor: number;
  totalCostsMinor: number;
  netProfitMinor: number;
  /** netProfit / revenue, or null when there is no revenue. */
  profitMargin: number | null;
  /** orders / sessions, or null when no sessions were recorded. */
  conversionRate: number | null;
  averageOrderValueMinor: number | null;
  uncostedUnits: number;
};

/** The base of the average order value, as every screen labels it (the metrics registry's entry). */
export const AOV_BASIS = "Net sales ÷ orders";

/**
 * Average order value: net sales (gross sales − discounts − refunds) ÷ orders, shipping and taxes
 * out, so it is the net sales figure shown beside it divided by the orders; none without orders.
 */
export function averageOrderValue(
  t: Pick<PeriodTotals, "grossSalesMinor" | "discountsMinor" | "refundsMinor" | "ordersCount">,
): number | null {
  if (t.ordersCount <= 0) return null;
  return Math.round((t.grossSalesMinor - t.discountsMinor - t.refundsMinor) / t.ordersCount);
}

export function computeProfit(totals: PeriodTotals, operatingExpensesMinor: number): ProfitFigures {
  const revenueMinor = totals.grossSalesMinor - totals.discountsMinor - totals.refundsMinor + totals.shippingMinor;
  const opex = Math.round(operatingExpensesMinor);
  const totalCostsMinor =
    totals.cogsMinor +
    totals.adSpendMinor +
    opex +
    totals.shippingCostMinor +
    totals.paymentFeesMinor +
    totals.loyaltyCostMinor;
  const netProfitMinor = revenueMinor - totalCostsMinor;
  return {
    revenueMinor,
    ordersCount: totals.ordersCount,
    cogsMinor: totals.cogsMinor,
    adSpendMinor: totals.adSpendMinor,
    operatingExpensesMinor: opex,
    shippingCostMinor: totals.shippingCostMinor,
    paymentFeesMinor: totals.paymentFeesMinor,
    loyaltyCostMinor: totals.loyaltyCostMinor,
    totalCostsMinor,
    netProfitMinor,
    profitMargin: revenueMinor > 0 ? netProfitMinor / revenueMinor : null,
    conversionRate: totals.sessions > 0 ? totals.ordersCount / totals.sessions : null,
    averageOrderValueMinor: averageOrderValue(totals),
    uncostedUnits: totals.uncostedUnits,
  };
}

/** Relative change from previous to current; null when there is nothing to compare with. */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
