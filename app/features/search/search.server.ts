// The header search over the authenticated shop's rows: invoices (number, customer name
// or e-mail), products (title, or a variant's SKU) and customers (name, e-mail). A case-
// insensitive substring match that reads the same on SQLite and PostgreSQL: both sides
// lower-cased and compared with LIKE (Prisma's `contains` is case-sensitive on PostgreSQL,
// and its `mode: "insensitive"` does not exist on SQLite). docs/product/admin-shell.md#search
import { prisma } from "~/db.server";
import type { SearchHit, SearchResults } from "~/features/search/schema";

/** Rows per group: the list is a jump-to menu, not a report. */
export const RESULTS_PER_GROUP = 5;

/** `%text%` for LIKE … ESCAPE '!', with the text's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, "!$&")}%`;
}

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

async function searchInvoices(shopId: string, q: string): Promise<SearchHit[]> {
  const like = likePattern(q);
  const rows = await prisma.$queryRaw<
    { id: string; number: string; customerName: string; customerEmail: string; status: string }[]
  >`
    SELECT "id", "number", "customerName", "customerEmail", "status" FROM "Invoice"
    WHERE "shopId" = ${shopId}
      AND (LOWER("number") LIKE ${like} ESCAPE '!' OR LOWER("customerName") LIKE ${like} ESCAPE '!'
        OR LOWER("customerEmail") LIKE ${like} ESCAPE '!')
    ORDER BY CASE WHEN LOWER("number") = ${q.toLowerCase()} THEN 0 ELSE 1 END, "sequence" DESC
    LIMIT ${RESULTS_PER_GROUP}`;
  return rows.map((r) => ({
    id: r.id,
    title: `${r.number} · ${r.customerName}`,
    detail: `${label(r.status)} · ${r.customerEmail}`,
    url: `/app/invoices/${encodeURIComponent(r.id)}`,
  }));
}

async function searchProducts(shopId: string, q: string): Promise<SearchHit[]> {
  const like = likePattern(q);
  // One row per product; a product found by SKU names the (first) matching SKU.
  const rows = await prisma.$queryRaw<{ id: string; title: string; sku: string | null }[]>`
    SELECT p."id", p."title", MIN(v."sku") AS "sku" FROM "Product" p
    LEFT JOIN "Variant" v ON v."productId" = p."id" AND v."shopId" = ${shopId}
      AND LOWER(COALESCE(v."sku", '')) LIKE ${like} ESCAPE '!'
    WHERE p."shopId" = ${shopId} AND p."deletedAt" IS NULL
      AND (LOWER(p."title") LIKE ${like} ESCAPE '!' OR v."id" IS NOT NULL)
    GROUP BY p."id", p."title"
    ORDER BY p."title", p."id"
    LIMIT ${RESULTS_PER_GROUP}`;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    detail: r.sku ? `SKU ${r.sku} · Product costs` : "Product costs",
    url: "/costs",
  }));
}

/**
 * There is no customer screen yet (docs/decisions/041-header-search.md): a customer opens
 * the invoice list searched by their e-mail, the screen where a merchant deals with them.
 */
export function customerUrl(customer: { email: string | null; name: string }): string {
  return `/app/invoices?q=${encodeURIComponent(customer.email ?? customer.name)}`;
}

async function searchCustomers(shopId: string, q: string): Promise<SearchHit[]> {
  const like = likePattern(q);
  const rows = await prisma.$queryRaw<
    { id: string; firstName: string | null; lastName: string | null; email: string | null }[]
  >`
    SELECT "id", "firstName", "lastName", "email" FROM "Customer"
    WHERE "shopId" = ${shopId} AND "deletedAt" IS NULL AND "redactedAt" IS NULL
      AND (LOWER(COALESCE("firstName", '') || ' ' || COALESCE("lastName", '')) LIKE ${like} ESCAPE '!'
        OR LOWER(COALESCE("email", '')) LIKE ${like} ESCAPE '!')
    ORDER BY "lastName", "firstName", "id"
    LIMIT ${RESULTS_PER_GROUP}`;
  return rows.map((r) => {
    const name = [r.firstName, r.lastName].filter(Boolean).join(" ") || (r.email ?? "Customer");
    return {
      id: r.id,
      title: name,
      detail: r.email ? `${r.email} · Invoices` : "Invoices",
      url: customerUrl({ email: r.email, name }),
    };
  });
}

/** The shop's rows matching `q` (already validated by searchQuerySchema), a few of each kind. */
export async function searchShop(shop: { id: string }, q: string): Promise<SearchResults> {
  const [invoices, products, customers] = await Promise.all([
    searchInvoices(shop.id, q),
    searchProducts(shop.id, q),
    searchCustomers(shop.id, q),
  ]);
  return { invoices, products, customers };
}
