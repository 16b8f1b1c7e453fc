// The payment fee rule form (docs/decisions/088): one schema for the dialog and the action.
import { z } from "zod";
import { DECIMAL_PATTERN } from "~/lib/money";
import { percentToBps } from "~/features/profit/payment-fees";

/** Shopify's gateway names are lower-case handles ("paypal", "shopify_payments", "manual"). */
const GATEWAY = /^[A-Za-z0-9][A-Za-z0-9 _.()-]{0,99}$/;

export const feeRuleSchema = z.object({
  gateway: z
    .string({ message: "Gateway is required" })
    .trim()
    .min(1, "Gateway is required")
    .regex(GATEWAY, "Gateway must be a payment gateway's name as Shopify shows it, like paypal"),
  rate: z
    .string({ message: "Rate is required" })
    .trim()
    .min(1, "Rate is required")
    .refine((v) => percentToBps(v) !== null, "Rate must be a percentage from 0 to 100 with at most 2 decimals"),
  fixed: z
    .string({ message: "Fixed fee is required" })
    .trim()
    .min(1, "Fixed fee is required")
    .regex(DECIMAL_PATTERN, "Fixed fee must be an amount of 0 or more, like 0.30")
    .refine((v) => Number(v) <= 1_000, "Fixed fee must be at most 1,000"),
});
export type FeeRuleInput = z.infer<typeof feeRuleSchema>;
