// The invoice list's query (docs/product/invoices.md#the-list): the URL's search
// parameters (status, q, page) read into a checked query (the SQL it means is in
// invoices.server.ts). Pure, so the parsing is unit-tested.
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

/** The page to show: the asked one, or the last when it asked past the end. */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}
