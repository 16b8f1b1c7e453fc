// One schema per form, shared by the Costs screen (client-side checks, Save
// enabled state) and by the route action and JSON API (server-side validation).
import { z } from "zod";
import { DECIMAL_PATTERN, MAX_MINOR } from "~/lib/money";

/** The largest amount that fits the stored range in a two-decimal currency. */
const MAX_AMOUNT = MAX_MINOR / 100;
import { EARLIEST_DAY, LATEST_DAY, isDayInRange, isValidDay } from "~/lib/dates";
import { EXPENSE_INTERVALS } from "~/features/profit/profit";

export const EXPENSE_CATEGORIES = ["marketing", "shipping", "software", "labor", "rent", "utilities", "other"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined))
    .optional();

/** A non-negative decimal amount, sent as a string ("12.50") so no precision is lost. */
const decimalAmount = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(DECIMAL_PATTERN, `${label} must be an amount of 0 or more, like 12.50`)
    .refine((v) => Number(v) <= MAX_AMOUNT, `${label} must be at most 21,474,836.47`);

const day = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .refine(isValidDay, `${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => !isValidDay(d) || isDayInRange(d), `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`);

const booleanField = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

export const productCostSchema = z.object({
  productName: z.string({ message: "Product name is required" }).trim().min(1, "Product name is required").max(200),
  sku: optionalText(100),
  costPerUnit: decimalAmount("Cost per unit"),
  supplier: optionalText(200),
  effectiveFrom: day("Effective date").optional(),
});
export type ProductCostInput = z.infer<typeof productCostSchema>;

export const operatingExpenseSchema = z.object({
  category: z.enum(EXPENSE_CATEGORIES, { message: `Category must be one of ${EXPENSE_CATEGORIES.join(", ")}` }),
  description: z.string({ message: "Description is required" }).trim().min(1, "Description is required").max(500),
  amount: decimalAmount("Amount"),
  date: day("Date"),
  recurring: booleanField,
  recurringInterval: z
    .enum(EXPENSE_INTERVALS, { message: `Interval must be one of ${EXPENSE_INTERVALS.join(", ")}` })
    .optional(),
});
export type OperatingExpenseInput = z.infer<typeof operatingExpenseSchema>;
