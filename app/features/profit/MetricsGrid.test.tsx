// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import type { Metric } from "~/features/profit/dashboard.server";
import { MetricsError, MetricsGrid, MetricsSkeleton } from "~/features/profit/MetricsGrid";

afterEach(cleanup);

function renderInApp(node: ReactNode) {
  const router = createMemoryRouter([{ path: "/", element: <AppProvider i18n={en}>{node}</AppProvider> }]);
  return render(<RouterProvider router={router} />);
}

const metrics = (netProfit: number, change: number | null): Metric[] => [
  { key: "revenue", value: 1_000_00, previous: 800_00, change: 0.25 },
  { key: "orders", value: 1234, previous: 1300, change: -0.0507 },
  { key: "conversionRate", value: 0.0234, previous: null, change: null },
  { key: "averageOrderValue", value: 81_03, previous: 80_00, change: 0.0129 },
  { key: "netProfit", value: netProfit, previous: 100_00, change },
  { key: "totalCosts", value: 700_00, previous: 600_00, change: 0.1667 },
];

describe("MetricsGrid", () => {
  it("shows six cards with money, counts, rates and change arrows", () => {
    renderInApp(
      <MetricsGrid
        metrics={metrics(300_00, 2)}
        currency="USD"
        margin={0.3}
        missingCosts={{ missing: 8, sold: 30 }}
        days={30}
        comparable
      />,
    );
    expect(within(screen.getByTestId("metric-revenue")).getByText("$1,000.00")).toBeTruthy();
    expect(within(screen.getByTestId("metric-orders")).getByText("1,234")).toBeTruthy();
    expect(within(screen.getByTestId("metric-conversionRate")).getByText("2.34%")).toBeTruthy();
    expect(within(screen.getByTestId("metric-revenue")).getByTestId("change").dataset.direction).toBe("up");
    expect(within(screen.getByTestId("metric-orders")).getByTestId("change").dataset.direction).toBe("down");
    expect(within(screen.getByTestId("metric-conversionRate")).getByText("— no previous data")).toBeTruthy();
    // A rise in total costs is bad news, drawn like a fall in revenue.
    expect(within(screen.getByTestId("metric-totalCosts")).getByTestId("change").dataset.tone).toBe("critical");
    expect(within(screen.getByTestId("metric-revenue")).getByTestId("change").dataset.tone).toBe("success");
    const profit = screen.getByTestId("metric-netProfit");
    expect(profit.dataset.positive).toBe("true");
    expect(profit.getAttribute("style")).toContain("box-shadow");
    expect(within(profit).getByText("30.0% margin")).toBeTruthy();
    expect(within(profit).getByTestId("uncosted-note").textContent).toContain(
      "8 of 30 variants sold in this period have no cost",
    );
  });

  it("zero profit is positive without the glow; a loss is negative with no margin data", () => {
    renderInApp(
      <MetricsGrid
        metrics={metrics(0, -1)}
        currency="USD"
        margin={0}
        missingCosts={{ missing: 0, sold: 3 }}
        days={30}
        comparable
      />,
    );
    let profit = screen.getByTestId("metric-netProfit");
    expect(profit.dataset.positive).toBe("true");
    expect(profit.getAttribute("style")).toBeNull();
    expect(within(profit).getByText("No margin data")).toBeTruthy();
    cleanup();
    renderInApp(
      <MetricsGrid
        metrics={metrics(-50_00, -1.5)}
        currency="USD"
        margin={-0.05}
        missingCosts={{ missing: 0, sold: 3 }}
        days={30}
        comparable
      />,
    );
    profit = screen.getByTestId("metric-netProfit");
    expect(profit.dataset.positive).toBe("false");
    expect(within(profit).getByText("-$50.00")).toBeTruthy();
    expect(within(profit).getByText("No margin data")).toBeTruthy();
  });

  it("shows no change at all when the previous period is not comparable", () => {
    renderInApp(
      <MetricsGrid
        metrics={metrics(300_00, null).map((m) => ({ ...m, change: null }))}
        currency="USD"
        margin={0.3}
        missingCosts={{ missing: 0, sold: 3 }}
        days={365}
        comparable={false}
      />,
    );
    expect(screen.queryAllByTestId("change")).toHaveLength(0);
    expect(screen.getAllByText("— no comparable period")).toHaveLength(6);
    expect(screen.queryByText(/vs previous/)).toBeNull();
  });

  it("has a loading state of six skeleton cards and an error state", () => {
    renderInApp(<MetricsSkeleton />);
    expect(screen.getAllByTestId("metric-skeleton")).toHaveLength(6);
    cleanup();
    renderInApp(<MetricsError />);
    expect(screen.getByText("Failed to load metrics")).toBeTruthy();
  });
});
