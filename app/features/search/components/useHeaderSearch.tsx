// The admin top bar's search (docs/product/admin-shell.md#search): screens matched as the
// merchant types, the shop's invoices, products and customers fetched from /api/search
// after a pause in typing. ArrowDown or Tab moves into the results, arrows move between
// them, Enter opens one (Enter in the field opens the first), Escape closes the list.
import { useFetcher, useNavigate } from "@remix-run/react";
import { TopBar, type TopBarProps } from "@shopify/polaris";
import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { SearchResultsList, firstResultUrl } from "~/features/search/components/SearchResultsList";
import { searchQuerySchema, type SearchResults } from "~/features/search/schema";

/** Wait this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 250;

const ENABLED_ITEM = '[role="menuitem"]:not(:disabled):not([aria-disabled="true"])';
const isInput = (event: KeyboardEvent) => (event.target as HTMLElement).tagName === "INPUT";

type HeaderSearch = Pick<
  TopBarProps,
  "searchField" | "searchResults" | "searchResultsVisible" | "onSearchResultsDismiss"
>;

export function useHeaderSearch(): HeaderSearch {
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchResults>();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const fieldRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const query = value.trim();
  const valid = searchQuerySchema.safeParse({ q: value });
  const answered = requested === query && fetcher.state === "idle" && fetcher.data && "invoices" in fetcher.data;
  const records = answered ? fetcher.data : undefined;

  const onChange = useCallback(
    (next: string) => {
      setValue(next);
      setOpen(next.trim().length > 0);
      clearTimeout(timer.current);
      const parsed = searchQuerySchema.safeParse({ q: next });
      if (!parsed.success) return;
      timer.current = setTimeout(() => {
        setRequested(parsed.data.q);
        fetcher.load(`/api/search?q=${encodeURIComponent(parsed.data.q)}`);
      }, DEBOUNCE_MS);
    },
    [fetcher],
  );

  // Focusing the field reopens the list, except when Escape just closed it and returned here.
  const returning = useRef(false);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (!refocus) return;
    returning.current = true;
    fieldRef.current?.querySelector("input")?.focus();
    returning.current = false;
  }, []);

  const chosen = useCallback(() => {
    clearTimeout(timer.current);
    setValue("");
    setOpen(false);
  }, []);

  const onFieldKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") close(true);
    else if (!open && event.key === "ArrowDown" && query) {
      // Reopens the list closed by Escape; the next ArrowDown moves into it.
      event.preventDefault();
      setOpen(true);
    } else if (open && (event.key === "ArrowDown" || (event.key === "Tab" && !event.shiftKey && isInput(event)))) {
      // Into the results (Tab would otherwise stop at the field's clear button, which Shift+Tab still reaches).
      const first = resultsRef.current?.querySelector<HTMLElement>(ENABLED_ITEM);
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === "Enter" && open) {
      const url = firstResultUrl(query, records);
      if (url) {
        chosen();
        navigate(url);
      }
    }
  };

  return {
    searchField: (
      <div ref={fieldRef} onKeyDown={onFieldKeyDown} style={{ width: "100%" }}>
        <TopBar.SearchField
          placeholder="Search invoices, products…"
          value={value}
          onChange={onChange}
          onFocus={() => !returning.current && setOpen(query.length > 0)}
          showFocusBorder
        />
      </div>
    ),
    searchResultsVisible: open,
    onSearchResultsDismiss: () => close(false),
    // Nothing while closed, so screen readers do not find a stale list.
    searchResults: open ? (
      <div ref={resultsRef} onKeyDown={(event) => event.key === "Escape" && close(true)}>
        <SearchResultsList
          query={query}
          error={valid.success ? null : (valid.error.issues[0]?.message ?? null)}
          results={records}
          loading={!records && valid.success}
          onChoose={chosen}
        />
      </div>
    ) : null,
  };
}
