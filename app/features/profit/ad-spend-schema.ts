// The manual ad spend form's schema, shared by the form and the /costs/ad-spend action.
import { z } from "zod";
import { EARLIEST_DAY, LATEST_DAY, isDayInRange } from "~/lib/dates";
import { DECIMAL_PATTERN } from "~/lib/money";

/** A channel as stored: lower case, words joined by "_" ("Google Ads" → google_ads). */
export function normaliseChannel(value: string): string | null {
  const c = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return /^[a-z0-9][a-z0-9_]{0,39}$/.test(c) ? c : null;
}

const amount = z
  .string({ message: "Amount is required" })
  .trim()
  .min(1, "Amount is required")
  .regex(DECIMAL_PATTERN, "Amount must be an amount of 0 or more, like 12.50");

export const adSpendSchema = z.object({
  day: z
    .string({ message: "Date is required" })
    .trim()
    .refine(isDayInRange, `Date must be a date (YYYY-MM-DD) between ${EARLIEST_DAY} and ${LATEST_DAY}`),
  channel: z.string({ message: "Channel is required" }).transform((v, ctx) => {
    const c = normaliseChannel(v);
    if (!c) ctx.addIssue({ code: "custom", message: "Channel must be letters, digits and spaces (up to 40)" });
    return c ?? "";
  }),
  amount,
});
export type AdSpendInput = z.infer<typeof adSpendSchema>;

export const adSpendAmountSchema = z.object({ amount });
