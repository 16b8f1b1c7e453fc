// The Orders profit view's query (screen and CSV export share it; docs/product/costs-orders.md):
// a range of store days, search, channel, what is missing, loss-making, sort and page, all in the
// URL. Unknown values are refused (400), not ignored.
import { z } from "zod";
import { formToObject } from "~/lib/forms";
import { addDays, isDayInRange, isValidDay } from "~/lib/dates";

export const ORDER_SORTS = ["date", "profit", "margin"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** What an order may lack: a line's cost, the payment fee, the shipping label cost, or any of them. */
export const MISSING_PARTS = ["any", "cost", "fee", "shipping"] as const;
export type MissingPart = (typeof MISSING_PARTS)[number];
export const ORDERS_PAGE_SIZE = 50;
export const ORDERS_SEARCH_MAX = 100;
/** The longest range one view or export covers. */
export const ORDERS_MAX_DAYS = 366;

/** The sales channels the store sync writes (store-sync's channelFor); another stored value is accepted too. */
export const CHANNEL_LABELS: Record<string, string> = {
  online_store: "Online Store",
  mobile: "Mobile",
  pos: "Point of Sale",
  draft_order: "Draft orders",
};

const day = z.string().refine((d) => isValidDay(d) && isDayInRange(d), "Use a date like 2026-01-31");

export const ordersQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    q: z
      .string()
      .max(ORDERS_SEARCH_MAX, `Search is at most ${ORDERS_SEARCH_MAX} characters`)
      .optional()
      .transform((v) => (v ?? "").trim()),
    channel: z
      .string()
      .regex(/^[a-z0-9_]{1,40}$/, "Unknown channel")
      .optional(),
    missing: z.enum(MISSING_PARTS, { message: `Use one of: ${MISSING_PARTS.join(", ")}` }).optional(),
    loss: z.enum(["1"], { message: "loss is 1 or absent" }).optional(),
    sort: z.enum(ORDER_SORTS, { message: `Unknown sort. Use one of: ${ORDER_SORTS.join(", ")}` }).default("date"),
    dir: z.enum(["asc", "desc"], { message: "Direction is asc or desc" }).default("desc"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "The end must not be before the start" })
  .refine((q) => !q.from || !q.to || addDays(q.from, ORDERS_MAX_DAYS - 1) >= q.to, {
    path: ["to"],
    message: `Choose at most ${ORDERS_MAX_DAYS} days`,
  });

export type OrdersQuery = {
  from: string;
  to: string;
  q: string;
  channel: string | null;
  missing: MissingPart | null;
  loss: boolean;
  sort: OrderSort;
  dir: "asc" | "desc";
  page: number;
};

/**
 * Parses URL search parameters (empty values count as absent). Without dates the range is the
 * last 30 days ending on `today` (the shop's calendar day); with only one, the other follows it.
 */
export function parseOrdersQuery(
  params: URLSearchParams,
  today: string,
): { ok: true; query: OrdersQuery } | { ok: false; errors: Record<string, string[]> } {
  const parsed = ordersQuerySchema.safeParse(formToObject(params));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (errors[i.path.join(".") || "_form"] ??= []).push(i.message);
    return { ok: false, errors };
  }
  const d = parsed.data;
  const to = d.to ?? (d.from && addDays(d.from, 29) < today ? addDays(d.from, 29) : today);
  const from = d.from ?? addDays(to, -29);
  if (from > to) return { ok: false, errors: { from: ["The start must not be after the end"] } };
  return {
    ok: true,
    query: {
      from,
      to,
      q: d.q,
      channel: d.channel ?? null,
      missing: d.missing ?? null,
      loss: d.loss === "1",
      sort: d.sort,
      dir: d.dir,
      page: d.page,
    },
  };
}

/** The URL parameters for a query, leaving defaults out (the range is always written). */
export function ordersQueryParams(q: OrdersQuery): URLSearchParams {
  const p = new URLSearchParams({ from: q.from, to: q.to });
  if (q.q) p.set("q", q.q);
  if (q.channel) p.set("channel", q.channel);
  if (q.missing) p.set("missing", q.missing);
  if (q.loss) p.set("loss", "1");
  if (q.sort !== "date") p.set("sort", q.sort);
  if (q.dir !== "desc") p.set("dir", q.dir);
  if (q.page > 1) p.set("page", String(q.page));
  return p;
}

/** What one order's figures lack, in the order the badges show it. */
export type MissingParts = { cost: boolean; fee: boolean; shipping: boolean };

export const MISSING_LABELS: Record<keyof MissingParts, string> = {
  cost: "Cost unknown",
  fee: "Fee unknown",
  shipping: "Shipping unknown",
};

/** The mark of a label cost estimated by a shipping rule (docs/decisions/092). */
export const SHIPPING_ESTIMATED = "Shipping estimated";

/** Where a line's unit cost came from. */
export type CostSource = "sale" | "entered" | "unknown";

export const COST_SOURCE_LABELS: Record<CostSource, string> = {
  sale: "Cost at the time of sale",
  entered: "Cost entered in the app",
  unknown: "Unknown",
};
