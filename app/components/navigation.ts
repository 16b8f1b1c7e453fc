// The admin screens, in the sidebar's order (docs/product/admin-shell.md#navigation). Later screens are added
// here when they exist; nothing links to a screen that is not built.
export type NavItem = { label: string; url: string; sub?: { label: string; url: string }[] };

export const PRIMARY_NAV: NavItem[] = [
  { label: "Dashboard", url: "/dashboard" },
  { label: "Analytics", url: "/analytics" },
  { label: "AI Insights", url: "/ai-insights" },
  { label: "Customers", url: "/customers", sub: [{ label: "Campaigns", url: "/customers/campaigns" }] },
  { label: "Inventory", url: "/inventory" },
  { label: "Costs & Profit", url: "/costs" },
  { label: "Digital Assets", url: "/digital-assets" },
  { label: "Loyalty", url: "/loyalty" },
  { label: "Invoices", url: "/app/invoices" },
];

/** After the divider: Privacy & GDPR and Settings. */
export const SECONDARY_NAV: NavItem[] = [
  { label: "Privacy & GDPR", url: "/privacy" },
  { label: "Settings", url: "/settings" },
];

export const ALL_NAV = [...PRIMARY_NAV, ...SECONDARY_NAV];

/** Where the back arrow goes when there is no admin page to go back to. */
export const BACK_FALLBACK = "/dashboard";

// The back arrow (docs/product/admin-shell.md#back) goes back only to an admin page of this
// visit. The history entries reached from an admin page inside the app are remembered by
// their router key for the tab's session (which a reload keeps, like the keys themselves);
// a page opened by a full load, or reached from outside the admin, has no such entry.
const STORAGE_KEY = "pp.admin-history";
const MAX_REMEMBERED = 200;

function remembered(): string[] {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** Records that the history entry `key` was reached from an admin page. */
export function rememberInAppEntry(key: string): void {
  const keys = remembered().filter((k) => k !== key);
  keys.push(key);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(keys.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage refused (private mode, quota): the back arrow then falls back to the dashboard.
  }
}

/** True when going back from the entry `key` stays on an admin page of this visit. */
export function hasInAppPrevious(key: string): boolean {
  return key !== "default" && remembered().includes(key);
}
