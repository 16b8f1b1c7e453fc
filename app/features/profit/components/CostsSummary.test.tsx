// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it } from "vitest";
import { buildPnl, type PnlInput } from "~/features/profit/pnl";
import { EMPTY_TOTALS } from "~/features/profit/profit";
import { CostsSummary } from "~/features/profit/components/CostsSummary";

afterEach(cleanup);

/** "$1,234.56" or "-$283.00" back to minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);

const period = (loyaltyCostMinor: number): PnlInput => ({
  totals: {
    ...EMPTY_TOTALS,
    ordersCount: 3,
    grossSalesMinor: 1_000_000_00,
    cogsMinor: 400_000_00,
    adSpendMinor: 257_901_00,
    shippingCostMinor: 12_345_67,
    paymentFeesMinor: 29_000_55,
    loyaltyCostMinor,
  },
  adSpendByChannel: { google_ads: 257_901_00 },
  expensesByCategory: { rent: 50_000_00, labor: 974_00 },
});

describe("the Total Costs card", () => {
  it.each([
    ["a loyalty credit", -283_00],
    ["a loyalty cost", 1_234_56],
    ["no loyalty", 0],
  ])("lists every part of its total, loyalty rewards included, and the parts sum to it (%s)", (_, loyalty) => {
    const pnl = buildPnl(period(loyalty), period(0), true);
    render(
      <AppProvider i18n={en}>
        <CostsSummary
          lines={pnl.lines}
          figures={pnl.figures}
          missing={{ total: 0, sold: 10 }}
          currency="USD"
          days={30}
        />
      </AppProvider>,
    );
    const parts = screen.getByTestId("costs-parts");
    expect(parts.textContent).toContain("Loyalty rewards");
    const amounts = [...parts.children].map((row) => minorOf(row.lastElementChild?.textContent ?? ""));
    const total = minorOf(screen.getByTestId("costs-total-costs").textContent ?? "");
    expect(amounts).toHaveLength(6);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(total).toBe(pnl.figures.totalCostsMinor);
  });
});
