// Polaris's critical CSS inlined into each admin page the server renders: the page paints from
// it while Polaris's whole stylesheet (444 KB) loads without blocking the first paint
// (docs/decisions/082-critical-css.md). The stylesheet is parsed once, on the first admin page.
import polarisCss from "@shopify/polaris/build/esm/styles.css?raw";
import { CRITICAL_CSS_SLOT, criticalCss, htmlClasses, parseSheet, type ParsedSheet } from "~/lib/critical-css";
import { DARK_THEME_CLASS } from "~/lib/theme";

let polaris: ParsedSheet | undefined;

/** The page with Polaris's rules for its markup in the slot the root layout left; other pages as they are. */
export function inlineCriticalCss(html: string): string {
  const at = html.indexOf(CRITICAL_CSS_SLOT);
  if (at < 0) return html;
  polaris ??= parseSheet(polarisCss);
  const classes = htmlClasses(html);
  // The "auto" theme's script adds the dark class before the first paint (lib/theme.ts).
  if (html.includes('data-theme="auto"')) classes.add(DARK_THEME_CLASS);
  return html.slice(0, at) + criticalCss(polaris, classes) + html.slice(at + CRITICAL_CSS_SLOT.length);
}
