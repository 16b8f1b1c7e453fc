import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export const AUTO_REFRESH_MS = 30_000;

/**
 * Settings → General, "Refresh dashboards every 30 seconds": reloads the page's data
 * every 30 seconds while it is visible (a hidden tab costs the server nothing) and once
 * on coming back to it when a refresh was missed.
 */
export function useAutoRefresh(enabled: boolean, intervalMs = AUTO_REFRESH_MS) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      if (latest.current.state === "idle") latest.current.revalidate();
    };
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - last >= intervalMs) refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [enabled, intervalMs]);
}
