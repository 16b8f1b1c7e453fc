// The address bar's query string at the moment of an event. `setSearchParams((prev) => …)` hands
// over the parameters of the last render, which lag behind a navigation that has just finished:
// a filter changed right after "Show all" brought the removed filter back (seen in the inventory
// browser test). Reading the URL itself at the event has no such lag. Browser only.
import { useSearchParams } from "@remix-run/react";

export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/**
 * Changes query parameters from the address bar as it is at the event, without scrolling to the
 * top: each value sets its parameter, and null, undefined or "" removes it. `reset` names
 * parameters that any change not naming them removes (a page number when a filter changes).
 */
export function useChangeSearchParams() {
  const [, setSearchParams] = useSearchParams();
  return (changes: Record<string, string | null | undefined>, reset: readonly string[] = []) =>
    setSearchParams(
      () => {
        const next = currentSearchParams();
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        for (const name of reset) if (!(name in changes)) next.delete(name);
        return next;
      },
      { preventScrollReset: true },
    );
}
