// Every admin screen the browser tests walk (layout at two widths, time zones), with the
// demo store's rows that detail screens need, read from the seeded database.
import Database from "better-sqlite3";

export const ADMIN_ROUTES = [
  "/dashboard",
  "/dashboard?days=365",
  "/analytics",
  "/analytics?timeframe=1y&comparison=yearAgo",
  "/analytics/glossary",
  "/ai-insights",
  "/ai-insights?tab=inventory",
  "/insights",
  "/ai-insights/history",
  "/customers",
  "/customers?segment=vip&sort=orders",
  "/customers/new",
  "/customers/rules",
  "/customers/campaigns",
  "/inventory",
  "/inventory?status=low",
  "/inventory/new",
  "/inventory/settings",
  "/inventory/suppliers",
  "/inventory/purchase-orders",
  "/digital-assets",
  "/digital-assets?tab=collections",
  "/loyalty",
  "/loyalty?tab=tiers",
  "/loyalty?tab=campaigns",
  "/loyalty?tab=analytics",
  "/costs",
  "/costs?days=365&line=cogs",
  "/costs/fees",
  "/costs/shipping",
  "/costs/ad-spend",
  "/costs/orders",
  "/costs/orders?missing=any",
  "/costs/products",
  "/app/invoices",
  "/app/invoices/new",
  "/app/invoices/settings",
  "/app/outbox",
  "/settings?tab=plan",
  "/settings?tab=integrations",
  "/settings?tab=data",
  "/settings?tab=general",
  "/settings?tab=notifications",
  "/settings?tab=team",
  "/settings?tab=audit",
  "/settings?tab=performance",
  "/settings/api-keys",
  "/privacy",
  "/privacy?tab=requests",
  "/privacy?tab=compliance",
  "/privacy?tab=policies",
];

export function demoRows() {
  const db = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""), { readonly: true });
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  try {
    const invoice = one<{ id: string; token: string }>(
      `SELECT "id", "publicToken" AS token FROM "Invoice" WHERE "status" = 'sent' ORDER BY "sequence" LIMIT 1`,
    );
    return {
      invoiceId: invoice.id,
      token: invoice.token,
      customerId: one<{ id: string }>(`SELECT "id" FROM "Customer" ORDER BY "id" LIMIT 1`).id,
      // A variant with an open stock alert: its page shows "since" and "snoozed until".
      variantId: one<{ id: string }>(`SELECT "variantId" AS id FROM "StockAlert" WHERE "closedAt" IS NULL LIMIT 1`).id,
      poId: one<{ id: string }>(`SELECT "id" FROM "PurchaseOrder" ORDER BY "number" LIMIT 1`).id,
      messageId: one<{ id: string }>(`SELECT "id" FROM "OutboxMessage" ORDER BY "createdAt" LIMIT 1`).id,
    };
  } finally {
    db.close();
  }
}

/** The demo store's time zone and its newest outbox message's time. */
export function demoStore() {
  const db = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""), { readonly: true });
  try {
    const shop = db.prepare(`SELECT "id", "timezone" FROM "Shop" WHERE "isDemo" = 1 LIMIT 1`).get() as {
      id: string;
      timezone: string;
    };
    const newest = db
      .prepare(`SELECT "createdAt" FROM "OutboxMessage" WHERE "shopId" = ? ORDER BY "createdAt" DESC LIMIT 1`)
      .get(shop.id) as { createdAt: string | number };
    return { timeZone: shop.timezone, newestMessageAt: new Date(newest.createdAt) };
  } finally {
    db.close();
  }
}

/** Every admin screen, detail screens included. */
export function everyAdminScreen(): string[] {
  const r = demoRows();
  return [
    ...ADMIN_ROUTES,
    `/app/invoices/${r.invoiceId}`,
    `/customers/${r.customerId}`,
    `/inventory/${r.variantId}`,
    `/inventory/purchase-orders/${r.poId}`,
    `/app/outbox/${r.messageId}`,
  ];
}
