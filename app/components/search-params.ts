// The address bar's query string at the moment of an event. `setSearchParams((prev) => …)` hands
// over the parameters of the last render, which lag behind a navigation that has just finished:
// a filter changed right after "Show all" brought the removed filter back (seen in the inventory
// browser test). Reading the URL itself at the event has no such lag. Browser only.
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
