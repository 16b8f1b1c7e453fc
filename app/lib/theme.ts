// The admin's colour theme (Settings → General): light, dark, or auto (the system's
// prefers-color-scheme). Dark is Polaris 13's own dark token set, switched on by its
// class on <html> (docs/decisions/044-general-settings.md).

export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_THEME: Theme = "light";

export function asTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : DEFAULT_THEME;
}

/** Polaris's theme names (AppProvider `theme`), and the class each puts on <html>. */
export type PolarisThemeName = "light" | "dark-experimental";
export const DARK_THEME_CLASS = "p-theme-dark-experimental";

export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * For "auto", run in <head> before the first paint: the server cannot know the
 * system's scheme, so the page is dark from its first frame without a flash.
 */
export const AUTO_THEME_SCRIPT = `if(window.matchMedia&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches)document.documentElement.classList.add(${JSON.stringify(DARK_THEME_CLASS)})`;

/** The Polaris theme for a setting; auto needs the system's answer (`systemDark`). */
export function polarisTheme(theme: Theme, systemDark: boolean): PolarisThemeName {
  return theme === "dark" || (theme === "auto" && systemDark) ? "dark-experimental" : "light";
}
