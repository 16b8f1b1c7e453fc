// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it } from "vitest";
import { DashboardCardGrid, type DashboardRow } from "~/components/DashboardCardGrid";

afterEach(cleanup);

const rows = (cards: Record<string, string | null>): DashboardRow[] => [
  {
    id: "insights",
    columns: ["twoThirds", "oneThird"],
    slots: [
      { id: "ai-insights", card: cards["ai-insights"] },
      { id: "engagement", card: cards.engagement },
    ],
  },
  {
    id: "operations",
    columns: ["oneHalf", "oneHalf"],
    slots: [
      { id: "privacy", card: cards.privacy },
      { id: "performance", card: cards.performance },
    ],
  },
];

const slots = (container: HTMLElement) =>
  [...container.querySelectorAll("[data-dashboard-slot]")].map((el) => [
    el.getAttribute("data-dashboard-slot"),
    el.parentElement?.classList.contains("Polaris-InlineGrid") ? "beside" : "full width",
  ]);

const draw = (cards: Record<string, string | null>) =>
  render(
    <AppProvider i18n={en}>
      <DashboardCardGrid rows={rows(cards)} />
    </AppProvider>,
  ).container;

describe("the dashboard's card rows", () => {
  it("puts two cards of a row side by side, in the spec's order", () => {
    expect(slots(draw({ "ai-insights": "A", engagement: "E", privacy: "P", performance: "F" }))).toEqual([
      ["ai-insights", "beside"],
      ["engagement", "beside"],
      ["privacy", "beside"],
      ["performance", "beside"],
    ]);
  });

  it("gives a missing card's slot to its neighbour and drops an empty row, with no placeholder", () => {
    const container = draw({ "ai-insights": null, engagement: null, privacy: null, performance: "F" });
    expect(slots(container)).toEqual([["performance", "full width"]]);
    expect(container.textContent).toBe("F");
  });
});
