// @vitest-environment jsdom
// The lists' search box (customers, orders profit, invoices, inventory): a search is sent once
// typing pauses, trimmed and only when it changed; a clear is sent at once; a search that comes
// from the URL (the back button) replaces what the field shows.
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_DELAY_MS, SearchField } from "~/components/SearchField";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const field = (value: string, onSearch: (q: string) => void) => (
  <AppProvider i18n={en}>
    <SearchField
      label="Search customers"
      placeholder="Name or e-mail"
      maxLength={100}
      value={value}
      onSearch={onSearch}
    />
  </AppProvider>
);
const input = () => screen.getByLabelText("Search customers") as HTMLInputElement;

describe("SearchField", () => {
  it("sends the trimmed text once typing pauses, and nothing when it did not change", () => {
    const onSearch = vi.fn();
    render(field("ada", onSearch));
    fireEvent.change(input(), { target: { value: "ada l" } });
    fireEvent.change(input(), { target: { value: "ada lo " } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([["ada lo"]]);
    fireEvent.change(input(), { target: { value: " ada " } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it("sends a clear at once", () => {
    const onSearch = vi.fn();
    render(field("ada", onSearch));
    fireEvent.click(screen.getByRole("button", { name: /clear/i }));
    act(() => vi.advanceTimersByTime(0));
    expect(onSearch.mock.calls).toEqual([[""]]);
    expect(input().value).toBe("");
  });

  it("shows a search that comes from the URL, and sends nothing after it unmounts", () => {
    const onSearch = vi.fn();
    const { rerender, unmount } = render(field("ada", onSearch));
    rerender(field("grace", onSearch));
    expect(input().value).toBe("grace");
    fireEvent.change(input(), { target: { value: "grace h" } });
    unmount();
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
