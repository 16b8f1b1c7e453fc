// The form of the "Cost per item in Shopify" card (docs/decisions/091): one schema for the card
// and the route's action, and what its answers carry. Browser-safe (no CSV reader behind it).
import { z } from "zod";

export const COST_SOURCES = ["app", "shopify"] as const;
export type CostSource = (typeof COST_SOURCES)[number];

/** One variant sent to Shopify and its answer: pushed, or Shopify's userErrors. */
export type PushRow = {
  sku: string;
  productName: string;
  fromMinor: number | null;
  toMinor: number;
  ok: boolean;
  errors: string[];
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const shopifyCostsSchema = z.object({
  intent: z.enum(["source", "preview", "import", "undo", "push"], { error: "Unknown action" }),
  costSource: z.enum(COST_SOURCES, { error: "Choose this app or Shopify" }).optional(),
  effectiveDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
      error: "Use a date as YYYY-MM-DD",
    }),
});

export type ShopifyCostsInput = z.infer<typeof shopifyCostsSchema>;
