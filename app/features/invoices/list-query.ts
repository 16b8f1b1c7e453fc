// The invoice list's query (docs/product/invoices.md#the-list): the URL's search
// parameters (status, q, page) read into a checked query, and the SQL condition it
// means for one shop. Pure, so the parsing and the condition are unit-tested.
import { LIST_FILTERS, type ListFilter } from "~/features/invoices/status";

export const PAGE_SIZE = 20;
/** Longer searches match nothing useful and only cost the database. */
export const MAX_QUERY_LENGTH = 100;

export type InvoiceListQuery = { status: ListFilter; q: string; page: number };

/** Reads ?status=&q=&page= leniently (an unknown status is All, a bad page is 1): the screen never fails on a URL. */
export function parseListQuery(params: URLSearchParams): InvoiceListQuery {
  const requested = params.get("status") ?? "all";
  const status = (LIST_FILTERS as readonly string[]).includes(requested) ? (requested as ListFilter) : "all";
  const q = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { status, q, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** The query back as search parameters, defaults left out, so URLs stay short and shareable. */
export function listQueryParams(query: Partial<InvoiceListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * The SQL condition for the shop's invoices matching the query, with its parameters in
 * order. The search is a literal, case-insensitive substring of the number, the customer's
 * name or e-mail: lower() on both sides and instr/strpos rather than LIKE, whose % and _
 * would be wildcards (Prisma's `contains` does not escape them, and SQLite's LIKE has no
 * escape character without an ESCAPE clause).
 */
export function listFilterSql(
  shopId: string,
  query: Pick<InvoiceListQuery, "status" | "q">,
  dialect: "sqlite" | "postgresql",
): { where: string; params: string[] } {
  const params: string[] = [];
  const param = (value: string) => {
    params.push(value);
    return dialect === "postgresql" ? `$${params.length}` : "?";
  };
  const conditions = [`"shopId" = ${param(shopId)}`];
  if (query.status !== "all") conditions.push(`"status" = ${param(query.status)}`);
  if (query.q) {
    const found = (column: string) =>
      dialect === "postgresql"
        ? `strpos(lower("${column}"), lower(${param(query.q)})) > 0`
        : `instr(lower("${column}"), lower(${param(query.q)})) > 0`;
    conditions.push(`(${["number", "customerName", "customerEmail"].map(found).join(" OR ")})`);
  }
  return { where: conditions.join(" AND "), params };
}

/** The page to show: the asked one, or the last when it asked past the end. */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}
