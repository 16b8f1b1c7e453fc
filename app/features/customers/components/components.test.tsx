// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { DEFAULT_SEGMENT_SETTINGS } from "~/features/customers/rfm";
import { CustomerList } from "~/features/customers/components/CustomerList";
import type { CustomerListQuery } from "~/features/customers/query";
import { ScoreExplanation } from "~/features/customers/components/ScoreExplanation";
import { SegmentCards } from "~/features/customers/components/SegmentCards";

afterEach(cleanup);
const inApp = (node: ReactNode) => render(<AppProvider i18n={en}>{node}</AppProvider>);

describe("SegmentCards", () => {
  it("shows count, shares and the change, or a dash when there is no record from 30 days ago", () => {
    inApp(
      <SegmentCards
        comparedWith="2026-10-26"
        cards={[
          { segment: "VIP", customers: 279, share: 0.094, revenueShare: 0.333, change: 19 },
          { segment: "Regular", customers: 2332, share: 0.784, revenueShare: 0.513, change: -4 },
          { segment: "New", customers: 0, share: null, revenueShare: null, change: null },
          { segment: "At-Risk", customers: 242, share: 0.081, revenueShare: 0.149, change: 0 },
        ]}
      />,
    );
    expect(screen.getByText("9.4% of customers · 33.3% of revenue")).toBeTruthy();
    // The line as read (its date is a span of its own, kept on one line).
    const line = (text: string) => screen.getByText((_, el) => el?.tagName === "P" && el.textContent === text);
    expect(line("+19 vs 30 days ago (2026-10-26)")).toBeTruthy();
    expect(line("-4 vs 30 days ago (2026-10-26)")).toBeTruthy();
    expect(screen.getByText("— of customers · — of revenue")).toBeTruthy();
    expect(screen.getByText("— vs 30 days ago (no record then)")).toBeTruthy();
  });
});

describe("ScoreExplanation", () => {
  it("shows the raw figures, each score's bands and the rule that matched", () => {
    inApp(
      <ScoreExplanation
        currency="USD"
        bands={3}
        settings={DEFAULT_SEGMENT_SETTINGS}
        cutPoints={{ r: [300, 90, 10], f: [1, 2, 5], m: [0, 50_00, 400_00] }}
        score={{
          recencyDays: 12,
          frequency: 3,
          monetaryMinor: 123_45,
          medianGapDays: 40,
          r: 2,
          f: 2,
          m: 2,
          rule: "Regular: no VIP, New or At-Risk rule matched",
        }}
      />,
    );
    expect(
      screen.getByText(/last order 12 days ago\. Bands: 1: ≤ 300 days · 2: ≤ 90 days · 3: ≤ 10 days/),
    ).toBeTruthy();
    expect(
      screen.getByText(/3 orders in the last 365 days\. Bands: 1: ≥ 1 order · 2: ≥ 2 orders · 3: ≥ 5 orders/),
    ).toBeTruthy();
    expect(screen.getByText(/\$123\.45 net spend/)).toBeTruthy();
    expect(screen.getByText("Rule: Regular: no VIP, New or At-Risk rule matched")).toBeTruthy();
    expect(screen.getByText(/Small store/)).toBeTruthy();
  });
});

describe("CustomerList's sort", () => {
  const row = {
    id: "c1",
    name: "Ann Lee",
    email: "ann@example.com",
    orders: 3,
    totalSpentMinor: 120_00,
    lastOrderDay: "2026-11-20",
    segment: "Regular" as const,
    scores: { r: 3, f: 2, m: 3 },
  };
  const list = (sort: CustomerListQuery["sort"], dir: CustomerListQuery["dir"]) =>
    inApp(
      <MemoryRouter>
        <CustomerList
          rows={[row]}
          query={{ segment: null, q: "", sort, dir, page: 1 }}
          paging={{ page: 1, pageCount: 1, total: 1 }}
          currency="USD"
          loading={false}
          onQuery={() => {}}
          onExplain={() => {}}
        />
      </MemoryRouter>,
    );
  const sortedHeadings = (container: HTMLElement) =>
    // In the table's own heading row (Polaris also renders a sticky copy of the headings).
    [...container.querySelectorAll("th .Polaris-IndexTable__TableHeadingSortIcon--visible")].map((el) =>
      el.closest("th")?.textContent?.trim(),
    );

  it("by predicted value: the Sort select says so and no column heading is marked sorted", () => {
    const { container } = list("value", "desc");
    const select = screen.getByLabelText("Sort") as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe("Predicted 12-month value ↓");
    expect(sortedHeadings(container)).toEqual([]);
  });

  it("by a column: that heading is marked sorted, and the Sort select agrees", () => {
    const { container } = list("orders", "asc");
    expect((screen.getByLabelText("Sort") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Orders ↑");
    expect(sortedHeadings(container)).toEqual(["Orders"]);
  });
});
