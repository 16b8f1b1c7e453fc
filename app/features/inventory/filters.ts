// The /inventory list's filters, read from the URL (and the JSON API's query) with one schema.
import { z } from "zod";
import { formToObject } from "~/lib/forms";

export const SPEC_CATEGORIES = ["Electronics", "Wearables", "Computers", "Audio"] as const;
export const STATUS_FILTERS = { in: "In Stock", low: "Low Stock", out: "Out of Stock" } as const;
export const ALERT_FILTERS = { out: "Out of stock", low: "Low stock", reorder: "Need reordering" } as const;
export const SORTS = {
  lost: "Lost revenue per day",
  cover: "Days of cover",
  title: "Product",
  available: "Available",
} as const;
export const INVENTORY_PAGE_SIZE = 25;

const optionalNumber = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number from 0 to 1,000,000` });
        return z.NEVER;
      }
      return n;
    });
const keyOf = <T extends Record<string, string>>(o: T) =>
  z.enum(Object.keys(o) as [keyof T & string, ...(keyof T & string)[]]);
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true");

export const inventoryFiltersSchema = z
  .object({
    q: z.string().trim().max(100, "Search at most 100 characters").optional(),
    category: z.string().trim().max(100).optional(),
    status: keyOf(STATUS_FILTERS).optional(),
    alert: keyOf(ALERT_FILTERS).optional(),
    supplier: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown supplier")
      .optional(),
    location: z.string().max(200).optional(),
    coverMin: optionalNumber("Minimum days of cover"),
    coverMax: optionalNumber("Maximum days of cover"),
    velocityMin: optionalNumber("Minimum velocity"),
    velocityMax: optionalNumber("Maximum velocity"),
    overstock: flag,
    dead: flag,
    sort: keyOf(SORTS).default("lost"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((f) => f.coverMin === undefined || f.coverMax === undefined || f.coverMin <= f.coverMax, {
    path: ["coverMax"],
    message: "The maximum days of cover is below the minimum",
  })
  .refine((f) => f.velocityMin === undefined || f.velocityMax === undefined || f.velocityMin <= f.velocityMax, {
    path: ["velocityMax"],
    message: "The maximum velocity is below the minimum",
  });

export type InventoryFilters = z.output<typeof inventoryFiltersSchema>;

/** The filters in a URL's query (blank values are absent). */
export const filtersFromSearch = (params: URLSearchParams) => inventoryFiltersSchema.safeParse(formToObject(params));

/** Advanced filters applied, for the button's count. */
export function advancedCount(f: Partial<InventoryFilters>): number {
  return [
    f.supplier,
    f.location,
    f.coverMin ?? f.coverMax,
    f.velocityMin ?? f.velocityMax,
    f.overstock || undefined,
    f.dead || undefined,
  ].filter((v) => v !== undefined).length;
}
