// @vitest-environment jsdom
// A period without a comparable previous one shows no comparison: no "vs previous period (…)" and
// no dashed line (docs/product/costs.md#comparable-periods).
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { Analytics } from "~/features/analytics/analytics.server";
import { FigureCards } from "~/features/analytics/components/FigureCards";
import { OrderTrends } from "~/features/analytics/components/OrderTrends";

afterEach(cleanup);

const days = ["2026-11-01", "2026-11-02", "2026-11-03"];

function analytics(comparable: boolean): Analytics {
  return {
    comparison: "previous",
    currency: "USD",
    comparable,
    figures: {
      values: { netSales: 30_000 },
      previous: { netSales: 0 },
      change: { netSales: null },
    },
    trend: {
      bucketDays: 1,
      leftOutDays: 0,
      points: days.map((day, i) => ({ day, to: day, soFar: false, orders: i + 1, netSalesMinor: 10_000 })),
      comparison: days.map((day) => ({ day, to: day, orders: 0, netSalesMinor: 0 })),
    },
  } as unknown as Analytics;
}

function renderInApp(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element: <AppProvider i18n={en}>{element}</AppProvider> }]);
  return render(<RouterProvider router={router} />);
}

const dashedLines = (container: HTMLElement) => container.querySelectorAll("[stroke-dasharray]").length;

describe("comparison shown only for a comparable period", () => {
  it("draws the dashed comparison line and says what it is compared with when comparable", () => {
    const { container } = renderInApp(
      <>
        <FigureCards data={analytics(true)} cards={["netSales"]} />
        <OrderTrends data={analytics(true)} />
      </>,
    );
    expect(dashedLines(container)).toBe(2);
    expect(screen.getByText(/vs previous period/)).toBeTruthy();
  });

  it("draws no comparison line and no 'vs previous period' when not comparable", () => {
    const { container } = renderInApp(
      <>
        <FigureCards data={analytics(false)} cards={["netSales"]} />
        <OrderTrends data={analytics(false)} />
      </>,
    );
    expect(dashedLines(container)).toBe(0);
    expect(screen.queryByText(/vs previous period/)).toBeNull();
    expect(screen.getAllByText(/no comparable period/).length).toBeGreaterThan(0);
  });
});
