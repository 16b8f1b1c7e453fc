import { describe, expect, it } from "vitest";
import { EMPTY_TOTALS, computeProfit, expensesByDay, expensesInRange, relativeChange } from "~/features/profit/profit";
import { eachDay } from "~/lib/dates";
import { effectiveUnitCost } from "~/features/profit/costs-rule";

describe("operating expenses in a period", () => {
  const range = { from: "2026-06-01", to: "2026-06-30" };
  it("counts a one-time expense on its date only", () => {
    expect(
      expensesInRange([{ amountMinor: 5000, date: "2026-06-15", recurring: false, recurringInterval: null }], range),
    ).toBe(5000);
    expect(
      expensesInRange([{ amountMinor: 5000, date: "2026-07-01", recurring: false, recurringInterval: null }], range),
    ).toBe(0);
  });
  it("spreads a recurring expense over its interval from its first day", () => {
    const weekly = { amountMinor: 7000, date: "2026-06-24", recurring: true, recurringInterval: "weekly" };
    expect(expensesInRange([weekly], range)).toBeCloseTo(7000, 6);
    const yearly = { amountMinor: 365_25, date: "2025-01-01", recurring: true, recurringInterval: "yearly" };
    expect(expensesInRange([yearly], range)).toBeCloseTo(30 * 100, 6);
    const monthly = { amountMinor: 3000_00, date: "2020-01-01", recurring: true, recurringInterval: "monthly" };
    expect(expensesInRange([monthly], { from: "2026-01-01", to: "2026-12-31" })).toBeCloseTo(
      3000_00 * 12 * (365 / 365.25),
      6,
    );
  });
  it("per day, gives exactly what the period rule gives for that one day", () => {
    const expenses = [
      { amountMinor: 5000, date: "2026-06-15", recurring: false, recurringInterval: null },
      { amountMinor: 7001, date: "2026-06-10", recurring: true, recurringInterval: "weekly" },
      { amountMinor: 123_45, date: "2026-05-31", recurring: true, recurringInterval: "quarterly" },
      { amountMinor: 999, date: "2026-06-30", recurring: true, recurringInterval: null },
      { amountMinor: 42, date: "2026-07-02", recurring: true, recurringInterval: "yearly" },
    ];
    const byDay = expensesByDay(expenses, range);
    const days = eachDay(range);
    expect([...byDay.keys()]).toEqual(days);
    for (const d of days) expect(byDay.get(d)).toBe(expensesInRange(expenses, { from: d, to: d }));
  });
});

describe("profit figures", () => {
  it("nets revenue and costs as documented", () => {
    const f = computeProfit(
      {
        ...EMPTY_TOTALS,
        ordersCount: 2,
        grossSalesMinor: 35000,
        discountsMinor: 1000,
        refundsMinor: 2000,
        shippingMinor: 500,
        taxesMinor: 800,
        cogsMinor: 12000,
        shippingCostMinor: 400,
        paymentFeesMinor: 300,
        adSpendMinor: 3000,
        sessions: 150,
      },
      12000,
    );
    expect(f.revenueMinor).toBe(32500);
    expect(f.totalCostsMinor).toBe(27700);
    expect(f.netProfitMinor).toBe(4800);
    // Net sales ÷ orders: (350 − 10 − 20) / 2, shipping out.
    expect(f.averageOrderValueMinor).toBe(16000);
    expect(f.conversionRate).toBeCloseTo(2 / 150);
  });
  it("has no margin without revenue and no change without a previous figure", () => {
    expect(computeProfit(EMPTY_TOTALS, 0).profitMargin).toBeNull();
    expect(relativeChange(5, 0)).toBeNull();
    expect(relativeChange(5, 10)).toBe(-0.5);
  });
});

describe("unit cost at the time of sale", () => {
  const overrides = [{ effectiveFrom: "2026-06-15", costPerUnitMinor: 500 }];
  it("keeps a known snapshot before the override's day and uses the override from it", () => {
    expect(effectiveUnitCost("2026-06-14", 400, overrides)).toBe(400);
    expect(effectiveUnitCost("2026-06-15", 400, overrides)).toBe(500);
  });
  it("leaves a cost unknown before the first entered cost's day, and costs it from that day", () => {
    expect(effectiveUnitCost("2026-06-14", null, overrides)).toBeNull();
    expect(effectiveUnitCost("2026-06-15", null, overrides)).toBe(500);
    expect(effectiveUnitCost("2026-01-01", null, [])).toBeNull();
  });
});
