// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { Analytics, FunnelStep } from "~/features/analytics/analytics.server";
import { ConversionFunnel } from "~/features/analytics/components/ConversionFunnel";

afterEach(cleanup);

function renderFunnel(funnel: FunnelStep[]) {
  const sessions = funnel[0]?.count ?? 0;
  const data = { funnel, comparable: true, figures: { values: { sessions } } } as unknown as Analytics;
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <AppProvider i18n={en}>
          <ConversionFunnel data={data} />
        </AppProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

const step = (s: Partial<FunnelStep> & Pick<FunnelStep, "step">): FunnelStep => ({
  count: 0,
  stepRate: null,
  visitorRate: null,
  previousCount: 0,
  change: null,
  ...s,
});

describe("ConversionFunnel", () => {
  it("says a step Shopify does not report is not reported, instead of drawing 0", () => {
    renderFunnel([
      step({ step: "visitors", count: 1000, visitorRate: 1, previousCount: 900 }),
      step({ step: "productViews", count: null, previousCount: null }),
      step({ step: "addToCart", count: 80, visitorRate: 0.08, previousCount: 70 }),
      step({ step: "purchases", count: 25, stepRate: 0.3125, visitorRate: 0.025, previousCount: 20 }),
    ]);
    const views = screen.getByTestId("funnel-productViews");
    expect(within(views).getByText("Not reported by Shopify")).toBeTruthy();
    expect(within(views).queryByText("0")).toBeNull();
    const cart = screen.getByTestId("funnel-addToCart");
    expect(cart.textContent).toContain("8.0% of all visitors");
    expect(cart.textContent).not.toContain("of the previous step");
    expect(screen.getByTestId("funnel-purchases").textContent).toContain("31.3% of the previous step");
  });

  it("shows every step's count when all are reported", () => {
    renderFunnel([
      step({ step: "visitors", count: 1000, visitorRate: 1 }),
      step({ step: "productViews", count: 500, stepRate: 0.5, visitorRate: 0.5 }),
      step({ step: "addToCart", count: 80, stepRate: 0.16, visitorRate: 0.08 }),
      step({ step: "purchases", count: 25, stepRate: 0.3125, visitorRate: 0.025 }),
    ]);
    expect(screen.queryByText("Not reported by Shopify")).toBeNull();
    expect(screen.getByTestId("funnel-productViews").textContent).toContain("500");
    expect(screen.getByTestId("funnel-addToCart").textContent).toContain("16.0% of the previous step");
  });

  it("says the visitors are the Sessions figure", () => {
    renderFunnel([step({ step: "visitors", count: 130_345, visitorRate: 1 })]);
    expect(screen.getByTestId("visitors-note").textContent).toContain("130,345 sessions, the Sessions figure");
  });
});
