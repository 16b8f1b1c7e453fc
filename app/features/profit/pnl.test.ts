import { describe, expect, it } from "vitest";
import { buildPnl, channelLabel, roundParts, type PnlInput } from "~/features/profit/pnl";
import { EMPTY_TOTALS, computeProfit } from "~/features/profit/profit";

const input = (over: Partial<typeof EMPTY_TOTALS>, ads: Record<string, number>, expenses: Record<string, number>) =>
  ({ totals: { ...EMPTY_TOTALS, ...over }, adSpendByChannel: ads, expensesByCategory: expenses }) satisfies PnlInput;

// The hand-computed example of docs/profit-formula.md and dashboard.db.test.ts.
const june = input(
  {
    ordersCount: 2,
    grossSalesMinor: 350_00,
    discountsMinor: 10_00,
    refundsMinor: 20_00,
    shippingMinor: 5_00,
    taxesMinor: 8_00,
    cogsMinor: 120_00,
    shippingCostMinor: 4_00,
    paymentFeesMinor: 3_00,
    adSpendMinor: 30_00,
  },
  { google_ads: 30_00 },
  { rent: 50_00, labor: 70_00 },
);
const may = input({ ordersCount: 1, grossSalesMinor: 100_00, cogsMinor: 40_00 }, {}, {});

const amount = (p: ReturnType<typeof buildPnl>, key: string) => p.lines.find((l) => l.key === key)!.amountMinor;

describe("profit and loss", () => {
  it("lays out the hand-computed example line by line", () => {
    const p = buildPnl(june, may, true);
    expect(p.lines.map((l) => [l.key, l.amountMinor])).toEqual([
      ["grossSales", 350_00],
      ["discounts", 10_00],
      ["refunds", 20_00],
      ["netSales", 320_00],
      ["shipping", 5_00],
      ["revenue", 325_00],
      ["cogs", 120_00],
      ["grossProfit", 205_00],
      ["adSpend", 30_00],
      ["ad:google_ads", 30_00],
      ["shippingCost", 4_00],
      ["paymentFees", 3_00],
      ["expenses", 120_00],
      ["expense:labor", 70_00],
      ["expense:rent", 50_00],
      ["loyalty", 0],
      ["totalCosts", 277_00],
      ["netProfit", 48_00],
    ]);
    expect(p.margin).toBeCloseTo(48 / 325, 10);
  });

  it("sums to the dashboard's revenue, total costs and net profit, and its parts to their lines", () => {
    for (const period of [june, may]) {
      const p = buildPnl(period, may, true);
      const dash = computeProfit(
        period.totals,
        Object.values(period.expensesByCategory).reduce((a, b) => a + b, 0),
      );
      expect(amount(p, "revenue")).toBe(dash.revenueMinor);
      expect(amount(p, "totalCosts")).toBe(dash.totalCostsMinor);
      expect(amount(p, "netProfit")).toBe(dash.netProfitMinor);
      const part = (parent: string) =>
        p.lines.filter((l) => l.parent === parent).reduce((s, l) => s + l.amountMinor, 0);
      if (p.lines.some((l) => l.parent === "adSpend")) expect(part("adSpend")).toBe(amount(p, "adSpend"));
      if (p.lines.some((l) => l.parent === "expenses")) expect(part("expenses")).toBe(amount(p, "expenses"));
      const costs = ["cogs", "adSpend", "shippingCost", "paymentFees", "expenses"].map((k) => amount(p, k));
      expect(costs.reduce((a, b) => a + b, 0)).toBe(amount(p, "totalCosts"));
      expect(amount(p, "revenue") - amount(p, "totalCosts")).toBe(amount(p, "netProfit"));
    }
  });

  it("rounds expense categories so they add up to the rounded total", () => {
    const parts = roundParts({ rent: 33.3333, labor: 33.3333, software: 33.3334 });
    expect(Object.values(parts).reduce((a, b) => a + b, 0)).toBe(100);
    const p = buildPnl(input({}, {}, { rent: 10.5, labor: 10.5, other: 0.4 }), may, true);
    expect(amount(p, "expenses")).toBe(21);
    expect(p.lines.filter((l) => l.parent === "expenses").reduce((s, l) => s + l.amountMinor, 0)).toBe(21);
  });

  it("colours cost changes as costs and shows none without a comparable period", () => {
    const p = buildPnl(june, may, true);
    const cogs = p.lines.find((l) => l.key === "cogs")!;
    expect(cogs).toMatchObject({ polarity: "lowerIsBetter", previousMinor: 40_00, change: 2 });
    expect(p.lines.find((l) => l.key === "adSpend")!.change).toBeNull(); // from zero
    expect(buildPnl(june, may, false).lines.every((l) => l.change === null)).toBe(true);
  });

  it("keeps unknown costs unknown, with the sentence that says so", () => {
    const p = buildPnl(june, may, true, { cogs: "1 of 2 variants sold in this period has no cost" });
    expect(p.lines.find((l) => l.key === "cogs")!.unknown).toBe("1 of 2 variants sold in this period has no cost");
  });

  it("names ad channels", () => {
    expect(channelLabel("google_ads")).toBe("Google Ads");
    expect(channelLabel("meta_ads")).toBe("Meta Ads");
    expect(channelLabel("tiktok_ads")).toBe("TikTok Ads");
    expect(channelLabel("newsletter_sponsor")).toBe("Newsletter sponsor");
  });
});

describe("loyalty rewards", () => {
  it("is a cost line before Total costs that lowers net profit by its amount", () => {
    const without = buildPnl(june, may, true);
    const withLoyalty = buildPnl({ ...june, totals: { ...june.totals, loyaltyCostMinor: 25_00 } }, may, true);
    const keys = withLoyalty.lines.map((l) => l.key);
    expect(keys.indexOf("loyalty")).toBe(keys.indexOf("totalCosts") - 1);
    expect(amount(withLoyalty, "loyalty")).toBe(25_00);
    expect(amount(withLoyalty, "totalCosts")).toBe(amount(without, "totalCosts") + 25_00);
    expect(amount(withLoyalty, "netProfit")).toBe(amount(without, "netProfit") - 25_00);
    expect(withLoyalty.figures.netProfitMinor).toBe(without.figures.netProfitMinor - 25_00);
    // The statement's figures are the one formula's, so they equal the dashboard's.
    expect(withLoyalty.figures).toEqual(computeProfit({ ...june.totals, loyaltyCostMinor: 25_00 }, 120_00));
    // No redemptions: the line is there, at zero.
    expect(amount(without, "loyalty")).toBe(0);
  });
});
