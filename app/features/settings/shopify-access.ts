// What the app asks Shopify for, and what each permission feeds: the Shopify row of
// Settings → Integrations compares these with what the shop granted
// (docs/product/settings.md#integrations). Both lists mirror shopify.app.toml; a test
// fails when they drift apart.

/** shopify.app.toml [access_scopes]: what the app requests when SCOPES is not set (the demo). */
export const APP_TOML_SCOPES = [
  "read_orders",
  "read_all_orders",
  "read_products",
  "write_products",
  "read_customers",
  "write_customers",
  "read_inventory",
  "write_inventory",
  "read_reports",
  "write_discounts",
  "write_app_proxy",
];

/** The topics shopify.app.toml subscribes to (each has a route webhooks.<topic>.tsx). */
export const WEBHOOK_TOPICS = [
  "app/uninstalled",
  "app/scopes_update",
  "app_subscriptions/update",
  "customers/data_request",
  "customers/redact",
  "shop/redact",
  "orders/create",
  "orders/updated",
  "orders/cancelled",
  "orders/paid",
  "order_transactions/create",
  "refunds/create",
  "products/create",
  "products/update",
  "products/delete",
  "collections/create",
  "collections/update",
  "collections/delete",
  "inventory_levels/update",
  "inventory_items/update",
  "customers/create",
  "customers/update",
  "customers/delete",
  "checkouts/create",
  "checkouts/update",
] as const;

/** The Shopify analytics scope: sessions and the funnel (issue 12) are imported with it. */
export const ANALYTICS_SCOPE = "read_reports";

/** Scope → what stops working without it, in the merchant's words. */
export const SCOPE_FEATURES: Record<string, string[]> = {
  read_orders: [
    "Profit figures (revenue, cost of goods, net profit)",
    "Order and refund sync",
    "Abandoned-checkout reminders",
  ],
  read_all_orders: ["Order history older than 60 days (the import stops at 60 days)"],
  read_products: ["Products and their costs on Costs & Profit", "Missing-cost alerts"],
  read_inventory: ["Stock levels from the import and inventory updates"],
  write_inventory: ["Receiving purchase orders into Shopify's stock"],
  write_products: ["Add Product and Edit on the Inventory screen"],
  read_customers: ["Customer names, segments and lifetime value"],
  write_customers: ["Add Customer creating the customer in Shopify", "Segments written to customers' tags"],
  write_discounts: ["Loyalty rewards: points redeemed as single-use discount codes"],
  write_app_proxy: ["Loyalty points on the storefront (the app proxy at /apps/loyalty)"],
  [ANALYTICS_SCOPE]: ["Analytics sessions and the conversion funnel"],
};

/** Scopes with no read counterpart to imply. */
const WRITE_ONLY_SCOPES = new Set(["write_app_proxy"]);

/** A comma-separated scope string (Session.scope, SCOPES) as a list; write scopes imply their read scope. */
export function parseScopes(value: string | null | undefined): string[] {
  const scopes = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const implied = scopes
    .filter((s) => s.startsWith("write_") && !WRITE_ONLY_SCOPES.has(s))
    .map((s) => `read_${s.slice("write_".length)}`);
  return [...new Set([...scopes, ...implied])];
}

export type ScopeRow = {
  scope: string;
  requested: boolean;
  granted: boolean;
  /** What is off because the scope is requested but not granted; empty when granted or not requested. */
  disables: string[];
};

/** Requested scopes first (in request order), then scopes granted beyond the request. */
export function scopeRows(requested: string[], granted: string[]): ScopeRow[] {
  const have = new Set(granted);
  const rows = requested.map((scope) => ({
    scope,
    requested: true,
    granted: have.has(scope),
    disables: have.has(scope) ? [] : (SCOPE_FEATURES[scope] ?? [`Features that need ${scope}`]),
  }));
  const extra = granted
    .filter((s) => !requested.includes(s))
    .map((scope) => ({ scope, requested: false, granted: true, disables: [] }));
  return [...rows, ...extra];
}

/** The requested scopes the shop has not granted. */
export function missingScopes(requested: string[], granted: string[]): string[] {
  return scopeRows(requested, granted)
    .filter((r) => r.requested && !r.granted)
    .map((r) => r.scope);
}
