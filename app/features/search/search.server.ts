// The header search over the authenticated shop's rows: invoices (number, customer name
// or e-mail), products (title, or a variant's SKU) and customers (name, e-mail). A case-
// insensitive substring match that reads the same on SQLite and PostgreSQL: both sides
// lower-cased and compared with LIKE (Prisma's `contains` is case-sensitive on PostgreSQL,
// and its `mode: "insensitive"` does not exist on SQLite). docs/product/admin-shell.md#search
import { sql, sqlOn } from "~/db.server";
import type { SearchHit, SearchResults } from "~/features/search/schema";

/** Rows per group: the list is a jump-to menu, not a report. */
export const RESULTS_PER_GROUP = 5;

/** `%text%` for LIKE … ESCAPE '!', with the text's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, "!$&")}%`;
}

/** `LOWER(expression) LIKE pattern ESCAPE '!'`, the same on both engines. */
const like = (expression: ReturnType<typeof sql>, pattern: string) =>
  sql<boolean>`LOWER(${expression}) LIKE ${pattern} ESCAPE '!'`;

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

async function searchInvoices(shopId: string, q: string): Promise<SearchHit[]> {
  const pattern = likePattern(q);
  const rows = await sqlOn()
    .selectFrom("Invoice")
    .select(["id", "number", "customerName", "customerEmail", "status"])
    .where("shopId", "=", shopId)
    .where((eb) =>
      eb.or([
        like(sql.ref("number"), pattern),
        like(sql.ref("customerName"), pattern),
        like(sql.ref("customerEmail"), pattern),
      ]),
    )
    .orderBy(sql`CASE WHEN LOWER("number") = ${q.toLowerCase()} THEN 0 ELSE 1 END`)
    .orderBy("sequence", "desc")
    .limit(RESULTS_PER_GROUP)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: `${r.number} · ${r.customerName}`,
    detail: `${label(r.status)} · ${r.customerEmail}`,
    url: `/app/invoices/${encodeURIComponent(r.id)}`,
  }));
}

async function searchProducts(shopId: string, q: string): Promise<SearchHit[]> {
  const pattern = likePattern(q);
  // One row per product; a product found by SKU names the (first) matching SKU.
  const rows = await sqlOn()
    .selectFrom("Product as p")
    .leftJoin("Variant as v", (join) =>
      join
        .onRef("v.productId", "=", "p.id")
        .on("v.shopId", "=", shopId)
        .on(like(sql`COALESCE(${sql.ref("v.sku")}, '')`, pattern)),
    )
    .select((eb) => ["p.id", "p.title", eb.fn.min("v.sku").as("sku")])
    .where("p.shopId", "=", shopId)
    .where("p.deletedAt", "is", null)
    .where((eb) => eb.or([like(sql.ref("p.title"), pattern), eb("v.id", "is not", null)]))
    .groupBy(["p.id", "p.title"])
    .orderBy("p.title")
    .orderBy("p.id")
    .limit(RESULTS_PER_GROUP)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    detail: r.sku ? `SKU ${r.sku} · Product costs` : "Product costs",
    url: "/costs",
  }));
}

/** A customer opens their own page (the customers screen, docs/product/customers.md). */
export function customerUrl(customer: { id: string }): string {
  return `/customers/${encodeURIComponent(customer.id)}`;
}

async function searchCustomers(shopId: string, q: string): Promise<SearchHit[]> {
  const pattern = likePattern(q);
  const rows = await sqlOn()
    .selectFrom("Customer")
    .select(["id", "firstName", "lastName", "email"])
    .where("shopId", "=", shopId)
    .where("deletedAt", "is", null)
    .where("redactedAt", "is", null)
    .where((eb) =>
      eb.or([
        like(sql`COALESCE(${sql.ref("firstName")}, '') || ' ' || COALESCE(${sql.ref("lastName")}, '')`, pattern),
        like(sql`COALESCE(${sql.ref("email")}, '')`, pattern),
      ]),
    )
    .orderBy("lastName")
    .orderBy("firstName")
    .orderBy("id")
    .limit(RESULTS_PER_GROUP)
    .execute();
  return rows.map((r) => {
    const name = [r.firstName, r.lastName].filter(Boolean).join(" ") || (r.email ?? "Customer");
    return {
      id: r.id,
      title: name,
      detail: r.email ? `${r.email} · Customer` : "Customer",
      url: customerUrl(r),
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
