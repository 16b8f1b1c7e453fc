// The header search's results, grouped (Screens, Invoices, Products, Customers); each
// result is a link to the screen that shows it. A menu, so arrow keys move between items.
import { ActionList, type ActionListItemDescriptor, type ActionListSection } from "@shopify/polaris";
import { matchScreens } from "~/features/search/screens";
import type { SearchHit, SearchResults } from "~/features/search/schema";

type Props = {
  query: string;
  /** Why the query cannot be searched (too long, unprintable), or null. */
  error: string | null;
  results: SearchResults | undefined;
  loading: boolean;
  onChoose: () => void;
};

const GROUPS = [
  ["Invoices", "invoices"],
  ["Products", "products"],
  ["Customers", "customers"],
] as const;

/** Where Enter in the search field goes: the first result, screens first. */
export function firstResultUrl(query: string, results: SearchResults | undefined): string | null {
  const screen = matchScreens(query)[0];
  if (screen) return screen.url;
  for (const [, key] of GROUPS) if (results?.[key][0]) return results[key][0].url;
  return null;
}

const note = (content: string): ActionListItemDescriptor => ({ content, disabled: true });

export function SearchResultsList({ query, error, results, loading, onChoose }: Props) {
  const hit = (h: SearchHit): ActionListItemDescriptor => ({
    id: `search-${h.id}`,
    content: h.title,
    helpText: h.detail,
    url: h.url,
    onAction: onChoose,
  });
  const screens = matchScreens(query).map((s) => ({ content: s.label, url: s.url, onAction: onChoose }));
  const sections: ActionListSection[] = [];
  if (screens.length) sections.push({ title: "Screens", items: screens });
  if (error) sections.push({ items: [note(error)] });
  else if (loading) sections.push({ items: [note("Searching…")] });
  else if (results) {
    for (const [title, key] of GROUPS) if (results[key].length) sections.push({ title, items: results[key].map(hit) });
    // Said, not left out: the list keeps a second section, so the screen the merchant's arrow
    // keys have reached is not re-mounted (and unfocused) when the answer arrives.
    if (screens.length && sections.length === 1)
      sections.push({ items: [note("No invoices, products or customers found")] });
  }
  if (!sections.length) sections.push({ items: [note(`Nothing found for “${query}”`)] });
  return <ActionList actionRole="menuitem" sections={sections} />;
}
