import { useEffect, useRef } from "react";
import { useRevalidator } from "@remix-run/react";

/** Reloads the route's data every `ms` while the page is visible (the spec's 30-second refresh). */
export function useAutoRefresh(ms = 30_000) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") latest.current.revalidate();
    }, ms);
    return () => clearInterval(id);
  }, [ms]);
}
