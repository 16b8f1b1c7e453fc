// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it } from "vitest";
import { FeeGatewaysCard, type FeeGatewayRow } from "~/features/profit/components/FeeGatewaysCard";

afterEach(cleanup);

const rows: FeeGatewayRow[] = [
  { gateway: "shopify_payments", orders: 1_210, actual: 1_200, unknown: 10, rule: null },
  { gateway: "paypal", orders: 300, actual: 0, unknown: 0, rule: { id: "r1", rate: "3.49", fixed: "0.49" } },
  { gateway: "manual", orders: 40, actual: 0, unknown: 40, rule: null },
];

function renderCard() {
  render(
    <AppProvider i18n={en}>
      <FeeGatewaysCard rows={rows} currency="USD" onSet={() => {}} onDelete={() => {}} />
    </AppProvider>,
  );
  return (gateway: string) => {
    const cell = screen.getAllByText(gateway).find((el) => el.closest("tr"));
    return within(cell!.closest("tr")!);
  };
}

describe("FeeGatewaysCard", () => {
  it("shows every source of a gateway's fees, the unknown ones beside Shopify's own", () => {
    const row = renderCard();
    expect(row("shopify_payments").getByText("Shopify Payments · 1,200 orders")).toBeTruthy();
    expect(row("shopify_payments").getByText("Unknown · 10 orders")).toBeTruthy();
    expect(row("paypal").getByText("Rule (estimated)")).toBeTruthy();
    expect(row("paypal").queryByText(/Unknown/)).toBeNull();
    expect(row("manual").getByText("Unknown · 40 orders")).toBeTruthy();
  });
});
