// The form of the "Cost per item in Shopify" card (docs/decisions/091): one schema for the card
// and the route's action.
import { z } from "zod";
import { COST_SOURCES } from "~/features/profit/shopify-costs";

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
