import { useEffect, useState } from "react";
import { DARK_QUERY, polarisTheme, type PolarisThemeName, type Theme } from "~/lib/theme";

const systemIsDark = () => typeof window !== "undefined" && !!window.matchMedia?.(DARK_QUERY).matches;

/**
 * The Polaris theme for the admin's setting, following the system's colour scheme
 * live when it is "auto". The first client render already knows the system's answer
 * (the same one the <head> script used), so AppProvider never flips the page back.
 */
export function usePolarisTheme(theme: Theme): PolarisThemeName {
  const [systemDark, setSystemDark] = useState(systemIsDark);
  useEffect(() => {
    if (theme !== "auto" || !window.matchMedia) return;
    const query = window.matchMedia(DARK_QUERY);
    const update = () => setSystemDark(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [theme]);
  return polarisTheme(theme, systemDark);
}
