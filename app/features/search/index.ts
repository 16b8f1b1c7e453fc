// The header search: which screens a query names, the query's schema, the shape of the
// endpoint's answer and the hook that renders it in the admin's top bar.
export { SCREENS, matchScreens, normalizeQuery, type Screen } from "./screens";
export { MAX_QUERY_LENGTH, searchQuerySchema, type SearchHit, type SearchResults } from "./schema";
export { useHeaderSearch } from "./components/useHeaderSearch";
