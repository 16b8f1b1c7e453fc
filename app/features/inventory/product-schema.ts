// Add Product and Edit's price and cost: one schema per form, for the form and the action.
import { z } from "zod";
import { isDayInRange, isValidDay } from "~/lib/dates";
import { DECIMAL_PATTERN } from "~/lib/money";

const amount = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(DECIMAL_PATTERN, `${label} must be an amount of 0 or more, like 12.50`)
    .refine((v) => Number(v) <= 21_474_836, `${label} must be at most 21,474,836`);

export const addProductSchema = z.object({
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(255, "Use at most 255 characters"),
  category: z.string({ message: "Category is required" }).trim().min(1, "Category is required").max(100),
  sku: z
    .string({ message: "SKU is required" })
    .trim()
    .min(1, "SKU is required")
    .max(100, "Use at most 100 characters")
    .regex(/^[A-Za-z0-9._/-]+$/, "Use letters, digits, dot, dash, slash or underscore"),
  price: amount("Price"),
  cost: amount("Cost")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  stock: z
    .string({ message: "Initial stock is required" })
    .trim()
    .regex(/^\d+$/, "Initial stock must be a whole number of 0 or more")
    .transform(Number)
    .refine((n) => n <= 1_000_000, "Initial stock is at most 1,000,000"),
  supplierId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown supplier")
    .optional(),
});
export type AddProductInput = z.output<typeof addProductSchema>;

/**
 * Edit's price and cost (Shopify-owned fields). A blank cost leaves the cost as it is; the cost
 * counts in profit from `costEffectiveFrom` (today when blank), the Costs screen's rule.
 */
export const priceCostSchema = z.object({
  price: amount("Price"),
  cost: amount("Cost")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  costEffectiveFrom: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (isValidDay(v) && isDayInRange(v)), "Effective date must be a date (YYYY-MM-DD)"),
});
export type PriceCostInput = z.output<typeof priceCostSchema>;
