// The customer list's query (screen, export and JSON API share it): segment, search, sort,
// direction and page, all in the URL. Unknown segments or sorts are refused (400), not ignored.
import { z } from "zod";
import { formToObject } from "~/lib/forms";
import { SEGMENTS, type Segment } from "./rfm";

export const SORTS = ["name", "orders", "spent", "lastOrder", "value"] as const;
export type CustomerSort = (typeof SORTS)[number];
/** The column each sort orders by (the predicted value is CustomerValue's; decision 108). */
export const SORT_COLUMN = {
  name: "sortName",
  orders: "orders",
  spent: "totalSpentMinor",
  lastOrder: "lastOrderAt",
  value: "predicted12mMinor",
} as const satisfies Record<CustomerSort, string>;
/**
 * How far the value sort's stored key may be from the value a recompute computes before it is
 * written again, as a fraction of the key (decision 120): values move by about 0.3 % a day with
 * the calendar alone. The value shown is derived when read (decision 073), never this key.
 */
export const VALUE_TOLERANCE = 0.02;
export const PAGE_SIZE = 25;
export const SEARCH_MAX = 100;

/** The URL's spelling of a segment ("at-risk"), and back. */
export const segmentSlug = (s: string) => s.toLowerCase().replaceAll(" ", "-");
const BY_SLUG = new Map<string, Segment>(SEGMENTS.map((s) => [segmentSlug(s), s]));

/**
 * A segment parameter: "all" or nothing is every segment, otherwise the segment whose slug `key`
 * makes of it (the screens' URLs hold slugs; the JSON API also takes names); `listed` in the error.
 */
export const segmentParam = (key: (v: string) => string, listed: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || v === "all") return null;
      const s = BY_SLUG.get(key(v));
      if (!s) {
        ctx.addIssue({ code: "custom", message: `Unknown segment. Use one of: all, ${listed.join(", ")}` });
        return z.NEVER;
      }
      return s;
    });

export const customerListSchema = z.object({
  segment: segmentParam((v) => v.toLowerCase(), [...BY_SLUG.keys()]),
  q: z
    .string()
    .max(SEARCH_MAX, `Search is at most ${SEARCH_MAX} characters`)
    .optional()
    .transform((v) => (v ?? "").trim()),
  sort: z.enum(SORTS, { message: `Unknown sort. Use one of: ${SORTS.join(", ")}` }).default("spent"),
  dir: z.enum(["asc", "desc"], { message: "Direction is asc or desc" }).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type CustomerListQuery = z.output<typeof customerListSchema>;

/** Parses URL search parameters (empty values count as absent). */
export const parseCustomerList = (params: URLSearchParams) => customerListSchema.safeParse(formToObject(params));

/** The URL parameters for a query, leaving defaults out. */
export function customerListParams(q: CustomerListQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.segment) p.set("segment", segmentSlug(q.segment));
  if (q.q) p.set("q", q.q);
  if (q.sort !== "spent") p.set("sort", q.sort);
  if (q.dir !== "desc") p.set("dir", q.dir);
  if (q.page > 1) p.set("page", String(q.page));
  return p;
}

/** The segment-tags toggle's form. */
export const customerTagsSchema = z.object({
  segment: z.enum(SEGMENTS, { message: "Unknown segment" }),
  enabled: z.enum(["true", "false"], { message: "enabled is true or false" }).transform((v) => v === "true"),
});

const whole = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `${what} is a number` })
    .int(`${what} is a whole number`)
    .min(min, `${what} is at least ${min}`)
    .max(max, `${what} is at most ${max}`);

/** The segment rules' thresholds (scores on the 1–5 scale; decision 052). */
export const segmentSettingsSchema = z.object({
  vipMinScore: whole(1, 5, "The VIP score"),
  newWithinDays: whole(1, 365, "The New window"),
});
