// @vitest-environment jsdom
// The header search's list while the server's answer arrives: the screen a merchant has moved
// to with the arrow keys keeps its focus (CI once pressed Enter on it after it had been re-mounted).
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { SearchResultsList } from "~/features/search/components/SearchResultsList";
import type { SearchResults } from "~/features/search/schema";

afterEach(cleanup);

const wrap = (node: ReactNode) => <AppProvider i18n={en}>{node}</AppProvider>;
const list = (results: SearchResults | undefined) =>
  wrap(<SearchResultsList query="revenue" error={null} results={results} loading={!results} onChoose={() => {}} />);
const none: SearchResults = { invoices: [], products: [], customers: [] };

describe("SearchResultsList", () => {
  it("keeps the focused screen focused when an empty answer replaces 'Searching…', and says nothing else matched", () => {
    const view = render(list(undefined));
    const dashboard = screen.getByRole("menuitem", { name: "Dashboard" });
    dashboard.focus();
    view.rerender(list(none));
    expect(screen.getByRole("menuitem", { name: "Dashboard" })).toBe(dashboard);
    expect(document.activeElement).toBe(dashboard);
    expect(screen.getByText("No invoices, products or customers found")).toBeTruthy();
  });

  it("says nothing was found when neither a screen nor a record matches", () => {
    render(wrap(<SearchResultsList query="zzqqxx" error={null} results={none} loading={false} onChoose={() => {}} />));
    expect(screen.getByText("Nothing found for “zzqqxx”")).toBeTruthy();
    expect(screen.queryByText("No invoices, products or customers found")).toBeNull();
  });
});
