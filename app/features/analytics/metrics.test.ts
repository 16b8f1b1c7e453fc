import { describe, expect, it } from "vitest";
import { buildPnl, EMPTY_TOTALS, METRIC_TITLES } from "~/features/profit";
import {
  BREAKDOWN_KEYS,
  BREAKDOWN_METRICS,
  computeMetrics,
  EMPTY_INPUTS,
  glossaryHref,
  NO_NEW_CUSTOMERS,
  NO_SPEND,
  noneReason,
  perSpend,
  spendPer,
  isMetricKey,
  METRIC_KEYS,
  METRICS,
  type MetricInputs,
} from "./metrics";
import { COUNT_KEYS, COUNTS } from "./counts";
import { analyticsPeriods, parseAnalyticsQuery } from "./periods";

// A worked period, by hand: 4 orders, gross 400.00, discounts 20.00, one refund of 30.00
// issued in the period, shipping charged 16.00, taxes 32.00, COGS 150.00, ads 40.00,
// labels 12.00, fees 9.00, expenses 25.00; 200 sessions; funnel rows 180 / 90 / 30 / 4 (visitors are read as the 200 sessions).
const period: MetricInputs = {
  ...EMPTY_INPUTS,
  ordersCount: 4,
  grossSalesMinor: 400_00,
  discountsMinor: 20_00,
  refundsMinor: 30_00,
  shippingMinor: 16_00,
  taxesMinor: 32_00,
  cogsMinor: 150_00,
  uncostedUnits: 2,
  adSpendMinor: 40_00,
  shippingCostMinor: 12_00,
  paymentFeesMinor: 9_00,
  operatingExpensesMinor: 25_00,
  sessions: 200,
  visitors: 180,
  productViews: 90,
  addToCart: 30,
  purchases: 4,
};

describe("metrics registry formulas (hand-computed)", () => {
  const m = computeMetrics(period);
  it("nets sales: refunds and discounts out, shipping in revenue, taxes never", () => {
    expect(m.grossSales).toBe(400_00);
    expect(m.netSales).toBe(350_00); // 400 − 20 − 30
    expect(m.revenue).toBe(366_00); // 350 + 16
    expect(m.taxes).toBe(32_00);
    // Net sales ÷ orders, shipping out: the Net sales figure over the Orders figure.
    expect(m.averageOrderValue).toBe(87_50); // 350 / 4
    expect(m.averageOrderValue).toBe(Math.round(m.netSales! / m.orders!));
  });
  it("costs and profit", () => {
    expect(m.grossProfit).toBe(216_00); // 366 − 150
    expect(m.totalCosts).toBe(236_00); // 150 + 40 + 25 + 12 + 9
    expect(m.netProfit).toBe(130_00); // 366 − 236
    expect(m.margin).toBeCloseTo(130 / 366, 10);
    expect(m.uncostedUnits).toBe(2);
  });
  it("rates over sessions and visitors", () => {
    expect(m.conversionRate).toBe(4 / 200);
    // One source: the funnel's visitors are the Sessions figure, whatever the funnel rows said.
    expect(m.visitors).toBe(200);
    expect(m.visitors).toBe(m.sessions);
    expect(m.checkoutConversion).toBe(4 / 200);
  });
  it("a refund alone on its own day gives negative net sales, and ratios without a base are none", () => {
    const refundDay = computeMetrics({ ...EMPTY_INPUTS, refundsMinor: 30_00 });
    expect(refundDay.netSales).toBe(-30_00);
    expect(refundDay.orders).toBe(0);
    expect(refundDay.averageOrderValue).toBeNull();
    expect(refundDay.margin).toBeNull();
    expect(refundDay.conversionRate).toBeNull();
    expect(refundDay.checkoutConversion).toBeNull();
  });
  it("rounds operating expenses spread over days to whole minor units", () => {
    expect(computeMetrics({ ...EMPTY_INPUTS, operatingExpensesMinor: 1000.6 }).expenses).toBe(1001);
  });
});

describe("marketing figures (decision 093, hand-computed on the worked period)", () => {
  // Net sales 350.00, gross profit 216.00, ads 40.00; 5 new customers.
  const m = computeMetrics({ ...period, newCustomers: 5 });
  it("MER (blended ROAS) is net sales ÷ ad spend; POAS gross profit ÷ ad spend; CAC ad spend ÷ new customers", () => {
    expect(m.mer).toBe(350_00 / 40_00); // 8.75×
    expect(m.poas).toBe(216_00 / 40_00); // 5.40×
    expect(m.cac).toBe(8_00); // 40.00 / 5
    expect(m.mer).toBe(m.netSales! / m.adSpend!);
    expect(m.poas).toBe(m.grossProfit! / m.adSpend!);
  });
  it("rounds CAC to a whole minor unit", () => {
    expect(computeMetrics({ ...EMPTY_INPUTS, adSpendMinor: 100_00, newCustomers: 3 }).cac).toBe(33_33);
  });
  it("without ad spend every per-spend figure is none with the reason, never Infinity or 0", () => {
    const noSpend = { ...period, adSpendMinor: 0, newCustomers: 5 };
    const v = computeMetrics(noSpend);
    expect([v.mer, v.poas, v.cac]).toEqual([null, null, null]);
    expect(noneReason("mer", noSpend)).toBe(NO_SPEND);
    expect(noneReason("poas", noSpend)).toBe(NO_SPEND);
    expect(noneReason("cac", noSpend)).toBe(NO_SPEND);
    expect(noneReason("netSales", noSpend)).toBeNull();
  });
  it("without new customers CAC is none, saying so; MER and POAS still stand", () => {
    const none = { ...period, newCustomers: 0 };
    expect(computeMetrics(none).cac).toBeNull();
    expect(noneReason("cac", none)).toBe(NO_NEW_CUSTOMERS);
    expect(computeMetrics(none).mer).toBe(8.75);
    // Where new customers are not counted (a per-day export), CAC is none rather than a guess.
    expect(computeMetrics(period).cac).toBeNull();
    expect(noneReason("cac", period)).toMatch(/counted/);
  });
  it("a period whose refunds exceed its sales has a negative MER, not a hidden one", () => {
    expect(computeMetrics({ ...EMPTY_INPUTS, refundsMinor: 50_00, adSpendMinor: 10_00 }).mer).toBe(-5);
  });
  it("the helpers behind the per-channel ROAS", () => {
    expect(perSpend(300_00, 100_00)).toBe(3);
    expect(perSpend(300_00, 0)).toBeNull();
    expect(perSpend(0, 100_00)).toBe(0);
    expect(spendPer(100_00, 0)).toBeNull();
    expect(spendPer(0, 4)).toBeNull();
    expect(spendPer(100_00, null)).toBeNull();
  });
  it("defines both per-channel ROAS, each saying where it comes from", () => {
    expect(BREAKDOWN_KEYS).toContain("platformRoas");
    expect(BREAKDOWN_METRICS.platformRoas.formula).toMatch(/platform reports/);
    expect(BREAKDOWN_METRICS.attributedRoas.formula).toMatch(/utm_source/);
    expect(METRICS.mer.formula).toMatch(/two names for this one figure/);
  });
});

describe("every figure shown has a definition", () => {
  it("each definition is complete", () => {
    for (const key of METRIC_KEYS) {
      const d = METRICS[key];
      expect(d.key).toBe(key);
      expect(d.label.length, key).toBeGreaterThan(0);
      expect(d.formula.length, key).toBeGreaterThan(0);
      expect(d.includes.length, key).toBeGreaterThan(0);
      expect(d.excludes.length, key).toBeGreaterThan(0);
      expect(d.timeZone, key).toMatch(/time zone/);
    }
  });
  it("every dashboard card is in the registry, under the same name", () => {
    for (const [key, title] of Object.entries(METRIC_TITLES)) {
      expect(isMetricKey(key), `dashboard card ${key}`).toBe(true);
      if (isMetricKey(key)) expect(METRICS[key].label.toLowerCase()).toBe(title.toLowerCase());
    }
  });
  it("every P&L line (other than per-channel and per-category breakdowns) is in the registry", () => {
    const input = {
      totals: { ...EMPTY_TOTALS, grossSalesMinor: 100 },
      adSpendByChannel: { google: 1 },
      expensesByCategory: { rent: 1 },
    };
    const lines = buildPnl(input, input, true).lines;
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      const key = line.parent ?? line.key;
      expect(isMetricKey(key), `P&L line ${line.key}`).toBe(true);
      if (!line.parent && isMetricKey(key)) expect(METRICS[key].label).toBe(line.label);
    }
  });
});

describe("analytics periods in the shop's days", () => {
  it("last 7 days end today and compare with the 7 before", () => {
    expect(analyticsPeriods("2026-11-25", "7d", "previous")).toEqual({
      days: 7,
      current: { from: "2026-11-19", to: "2026-11-25" },
      comparison: { from: "2026-11-12", to: "2026-11-18" },
    });
  });
  it("a year ago is 364 days back, the same weekday, across a leap day", () => {
    const p = analyticsPeriods("2024-03-05", "7d", "yearAgo");
    expect(p.current).toEqual({ from: "2024-02-28", to: "2024-03-05" });
    expect(p.comparison).toEqual({ from: "2023-03-01", to: "2023-03-07" });
    const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
    expect(weekday(p.comparison.from)).toBe(weekday(p.current.from));
    expect(weekday(p.comparison.to)).toBe(weekday(p.current.to));
    // 12 months back from a day after 29 Feb: 365 days, the comparison the same length.
    const year = analyticsPeriods("2025-03-01", "1y", "yearAgo");
    expect(year.current).toEqual({ from: "2024-03-02", to: "2025-03-01" });
    expect(year.comparison).toEqual({ from: "2023-03-04", to: "2024-03-02" });
  });
  it("rejects unknown timeframes and comparisons with the allowed values", () => {
    expect(parseAnalyticsQuery(new URLSearchParams(""))).toEqual({
      ok: true,
      timeframe: "30d",
      comparison: "previous",
    });
    const bad = parseAnalyticsQuery(new URLSearchParams("timeframe=14d&comparison=lastyear"));
    expect(bad).toEqual({
      ok: false,
      errors: { timeframe: ["Must be one of 7d, 30d, 90d, 1y"], comparison: ["Must be one of previous, yearAgo"] },
    });
  });
});

describe("one definition per count (issue 35 item 3)", () => {
  it("defines every count the screens show, with what it leaves out", () => {
    for (const key of COUNT_KEYS) {
      expect(COUNTS[key].formula.length).toBeGreaterThan(10);
      expect(COUNTS[key].excludes.length).toBeGreaterThan(0);
      expect(COUNTS[key].shownOn.length).toBeGreaterThan(0);
    }
    expect(glossaryHref("customers")).toBe("/analytics/glossary#customers");
  });
  it("labels the average order value with its one base", () => {
    expect(METRICS.averageOrderValue.basis).toBe("Net sales ÷ orders");
    expect(METRICS.averageOrderValue.formula).toContain("Net sales ÷ orders");
  });
  it("reads the funnel's visitors from the sessions: the two figures cannot differ", () => {
    const v = computeMetrics({ ...EMPTY_INPUTS, sessions: 130_345, visitors: 121_751, purchases: 3_000 });
    expect(v.visitors).toBe(130_345);
    expect(v.checkoutConversion).toBe(3_000 / 130_345);
  });
});
