// One schema per loyalty form or API body, used by the screen's dialogs and by the
// route action and JSON API (docs/decisions/056 for the bounds).
import { z } from "zod";
import { isDayInRange, isValidDay, EARLIEST_DAY, LATEST_DAY } from "~/lib/dates";
import { MAX_MULTIPLIER, ORDER_RULES, TIER_WINDOWS } from "~/features/loyalty/ledger";
import { SEGMENTS } from "~/features/customers";

const number = (label: string, min: number, max: number, { exclusiveMin = false } = {}) =>
  z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v === "" ? Number.NaN : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number` });
      return z.NEVER;
    }
    if (exclusiveMin ? n <= min : n < min) {
      ctx.addIssue({ code: "custom", message: `${label} must be ${exclusiveMin ? "more than" : "at least"} ${min}` });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be at most ${max}` });
      return z.NEVER;
    }
    return n;
  });

const checkbox = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

const multiplier = number("Reward multiplier", 0, MAX_MULTIPLIER, { exclusiveMin: true }).refine(
  (v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9,
  "Use steps of 0.1",
);

export const settingsSchema = z.object({
  programName: z.string({ message: "Program name is required" }).trim().min(1, "Program name is required").max(80),
  pointsValue: number("Points value", 0, 1000, { exclusiveMin: true }).refine(
    (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
    "Use steps of 0.01",
  ),
  autoEnroll: checkbox,
  baseRate: number("Base earn rate", 0, 1000, { exclusiveMin: true }),
  expiryMonths: z
    .union([z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "" || v === "never") return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 120) {
        ctx.addIssue({ code: "custom", message: "Expiry must be a whole number of months from 1 to 120, or never" });
        return z.NEVER;
      }
      return n;
    }),
  orderRule: z.enum(Object.keys(ORDER_RULES) as ["paid", "all"], { message: "Choose which orders count" }),
  tierWindow: z.enum(TIER_WINDOWS, { message: "Choose the qualifying spend window" }),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

/** The liability's redemption rate override, a percentage 0–100; empty: the store's observed rate. */
export const redemptionRateSchema = z.object({
  redemptionRateOverride: z
    .union([z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 100) {
        ctx.addIssue({ code: "custom", message: "Redemption rate must be a percentage from 0 to 100, or empty" });
        return z.NEVER;
      }
      if (Math.abs(n * 10 - Math.round(n * 10)) > 1e-9) {
        ctx.addIssue({ code: "custom", message: "Use steps of 0.1%" });
        return z.NEVER;
      }
      return n;
    }),
});
export type RedemptionRateInput = z.infer<typeof redemptionRateSchema>;

/**
 * Tier fields arrive as the spec's form has them: the name and minimum spend are read
 * with its fallbacks (ledger.ts tierFromAddForm), so only what cannot be read that way is an error.
 */
export const tierSchema = z.object({
  name: z.string().max(60, "Use at most 60 characters").optional(),
  minSpend: z
    .string()
    .max(12, "Minimum spend is too large")
    .optional()
    .refine((v) => !v || !(Number.parseInt(v, 10) < 0), "Minimum spend must be 0 or more"),
  benefits: z.string().max(2000, "Use at most 2,000 characters").optional(),
  multiplier: multiplier.optional(),
  // Edit only: the day a new minimum spend or multiplier starts to count (empty: at once).
  effectiveOn: z
    .string()
    .trim()
    .optional()
    .refine((d) => !d || isValidDay(d), "Takes effect must be a date (YYYY-MM-DD)")
    .refine((d) => !d || !isValidDay(d) || isDayInRange(d), "Takes effect is out of range"),
});
export type TierInput = z.infer<typeof tierSchema>;

const day = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .refine(isValidDay, `${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => !isValidDay(d) || isDayInRange(d), `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`);

export const STACKING = ["highest", "multiply"] as const;

/** A campaign is a bonus: ×1 is the normal rate and below it would take points away. */
export const CAMPAIGN_MULTIPLIER_MESSAGE = "A bonus multiplier must be more than 1";

export const campaignSchema = z
  .object({
    name: z.string({ message: "Campaign name is required" }).trim().min(1, "Campaign name is required").max(80),
    description: z.string().trim().max(500, "Use at most 500 characters").optional().default(""),
    type: z.enum(["multiplier"], { message: "Type must be multiplier" }).optional().default("multiplier"),
    multiplier: multiplier.refine((v) => v > 1, CAMPAIGN_MULTIPLIER_MESSAGE),
    startsOn: day("Start date"),
    endsOn: day("End date"),
    tierId: z.string().max(100).optional(),
    segment: z
      .union([z.literal(""), z.enum(SEGMENTS, { message: `Segment must be one of ${SEGMENTS.join(", ")}` })])
      .optional(),
    // One of the shop's collections (checked by createCampaign: another shop's or an unknown one is a 400).
    collectionId: z.string().max(100, "Choose one of your collections").optional(),
    stacking: z.enum(STACKING, { message: "Stacking must be highest or multiply" }).optional().default("highest"),
  })
  .refine((c) => !isValidDay(c.startsOn) || !isValidDay(c.endsOn) || c.endsOn >= c.startsOn, {
    path: ["endsOn"],
    message: "End date must be on or after the start date",
  });
export type CampaignInput = z.infer<typeof campaignSchema>;

/**
 * The documented API body ("loyalty campaign: name, type, rules"): the rules object
 * carries the multiplier, dates, tier limit and stacking.
 */
export const apiCampaignSchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  description: z.string().optional(),
  rules: z.object({
    multiplier: z.union([z.number(), z.string()]),
    startsOn: z.string(),
    endsOn: z.string(),
    tierId: z.string().optional(),
    segment: z.string().optional(),
    collectionId: z.string().optional(),
    stacking: z.string().optional(),
  }),
});
export type ApiCampaignInput = z.infer<typeof apiCampaignSchema>;

export const adjustSchema = z.object({
  email: z
    .string({ message: "The customer's e-mail is required" })
    .trim()
    .toLowerCase()
    .email("Enter an e-mail address")
    .max(254),
  points: number("Points", -1_000_000, 1_000_000).refine(
    (v) => Number.isInteger(v) && v !== 0,
    "Use a whole number other than 0",
  ),
  reason: z.string({ message: "A reason is required" }).trim().min(1, "A reason is required").max(200),
});

export const redeemSchema = z.object({
  email: z
    .string({ message: "The customer's e-mail is required" })
    .trim()
    .toLowerCase()
    .email("Enter an e-mail address")
    .max(254),
  points: number("Points", 1, 10_000_000).refine((v) => Number.isInteger(v), "Use a whole number of points"),
});
