// The Products profit report's query (screen and CSV export share it; docs/product/costs-products.md):
// a timeframe (30, 90 or 365 days ending today, or a custom range of store days), per product or
// per variant, sort and page, all in the URL. Unknown values are refused (400).
import { z } from "zod";
import { formToObject } from "~/lib/forms";
import { addDays, isDayInRange, isValidDay } from "~/lib/dates";

export const PRODUCT_SORTS = ["profit", "netSales", "units", "margin"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_TIMEFRAMES = ["30", "90", "365", "custom"] as const;
export type ProductTimeframe = (typeof PRODUCT_TIMEFRAMES)[number];
export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCTS_MAX_DAYS = 366;

const day = z.string().refine((d) => isValidDay(d) && isDayInRange(d), "Use a date like 2026-01-31");

const schema = z.object({
  days: z.enum(PRODUCT_TIMEFRAMES, { message: `Use one of: ${PRODUCT_TIMEFRAMES.join(", ")}` }).default("30"),
  from: day.optional(),
  to: day.optional(),
  by: z.enum(["product", "variant"], { message: "by is product or variant" }).default("product"),
  sort: z.enum(PRODUCT_SORTS, { message: `Unknown sort. Use one of: ${PRODUCT_SORTS.join(", ")}` }).default("profit"),
  dir: z.enum(["asc", "desc"], { message: "Direction is asc or desc" }).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export type ProductsQuery = {
  days: ProductTimeframe;
  from: string;
  to: string;
  by: "product" | "variant";
  sort: ProductSort;
  dir: "asc" | "desc";
  page: number;
};

/** Parses URL search parameters; `today` is the shop's calendar day. A custom range needs both ends. */
export function parseProductsQuery(
  params: URLSearchParams,
  today: string,
): { ok: true; query: ProductsQuery } | { ok: false; errors: Record<string, string[]> } {
  const parsed = schema.safeParse(formToObject(params));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (errors[i.path.join(".") || "_form"] ??= []).push(i.message);
    return { ok: false, errors };
  }
  const d = parsed.data;
  let from: string;
  let to: string;
  if (d.days === "custom") {
    if (!d.from || !d.to) return { ok: false, errors: { from: ["A custom range needs a start and an end"] } };
    if (d.from > d.to) return { ok: false, errors: { to: ["The end must not be before the start"] } };
    if (addDays(d.from, PRODUCTS_MAX_DAYS - 1) < d.to)
      return { ok: false, errors: { to: [`Choose at most ${PRODUCTS_MAX_DAYS} days`] } };
    [from, to] = [d.from, d.to];
  } else [from, to] = [addDays(today, -(Number(d.days) - 1)), today];
  return { ok: true, query: { days: d.days, from, to, by: d.by, sort: d.sort, dir: d.dir, page: d.page } };
}

export function productsQueryParams(q: ProductsQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.days !== "30") p.set("days", q.days);
  if (q.days === "custom") {
    p.set("from", q.from);
    p.set("to", q.to);
  }
  if (q.by !== "product") p.set("by", q.by);
  if (q.sort !== "profit") p.set("sort", q.sort);
  if (q.dir !== "desc") p.set("dir", q.dir);
  if (q.page > 1) p.set("page", String(q.page));
  return p;
}

/** How the order's amounts reach its lines, as the report says it. */
export const ALLOCATION_NOTE =
  "An order's net sales, refunds, payment fees and shipping cost are divided among its lines pro rata to each line's net sales (quantity × price − line discount) within the order. Refunds count on the order's day. Shipping charged is not product revenue.";
