// The admin screens, in the sidebar's order (docs/product/admin-shell.md#navigation). Later screens are added
// here when they exist; nothing links to a screen that is not built.
export type NavItem = { label: string; url: string };

export const PRIMARY_NAV: NavItem[] = [
  { label: "Dashboard", url: "/dashboard" },
  { label: "Costs & Profit", url: "/costs" },
  { label: "Invoices", url: "/app/invoices" },
];

/** After the divider: Privacy & GDPR and Settings, once they exist. */
export const SECONDARY_NAV: NavItem[] = [{ label: "Settings", url: "/settings" }];

export const ALL_NAV = [...PRIMARY_NAV, ...SECONDARY_NAV];
