// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { buildPnl } from "~/features/profit/pnl";
import { EMPTY_TOTALS } from "~/features/profit/profit";
import { PnlCard } from "~/features/profit/components/PnlCard";

afterEach(cleanup);

function renderPnl(loyaltyCostMinor: number) {
  const period = {
    totals: { ...EMPTY_TOTALS, ordersCount: 1, grossSalesMinor: 1_000_00, cogsMinor: 400_00, loyaltyCostMinor },
    adSpendByChannel: {},
    expensesByCategory: {},
  };
  const { lines } = buildPnl(period, period, true);
  const element = (
    <AppProvider i18n={en}>
      <PnlCard lines={lines} currency="USD" comparable days={30} />
    </AppProvider>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
  return (key: string) => screen.getByTestId(`pnl-${key}`).textContent ?? "";
}

describe("the profit and loss statement", () => {
  it("shows a cost as what it takes away, with one sign", () => {
    const line = renderPnl(283_00);
    expect(line("loyalty")).toContain("\u2212$283.00");
    expect(line("cogs")).toContain("\u2212$400.00");
    expect(line("revenue")).toContain("$1,000.00");
    expect(line("revenue")).not.toMatch(/[+\u2212-]\$/);
  });

  it("shows a loyalty credit (codes given back) as a plus, never as −-", () => {
    const line = renderPnl(-283_00);
    expect(line("loyalty")).toContain("+$283.00");
    expect(document.body.textContent).not.toMatch(/\u2212-|-\u2212|\u2212\u2212/);
  });
});
