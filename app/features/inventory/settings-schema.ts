// Planning settings for one variant (Edit) or many (Bulk Actions): one schema for the
// forms and the actions. A blank field leaves the setting as it is; "clear" fields reset it.
import { z } from "zod";

const ID = /^[A-Za-z0-9_-]{1,100}$/;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const n = Number(v);
      if (!/^-?\d+(\.\d+)?$/.test(v) || !Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${label} must be from ${min} to ${max.toLocaleString("en-US")}` });
        return z.NEVER;
      }
      return n;
    });

/** A service level typed as a percent (95 or 97.5), stored as a fraction. */
const servicePercent = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || n < 50 || n > 99.9) {
      ctx.addIssue({ code: "custom", message: "Service level must be from 50% to 99.9%" });
      return z.NEVER;
    }
    return Math.round(n * 10) / 1000;
  });

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "on" || v === "true");

export const planningChangesSchema = z.object({
  supplierId: z.string().regex(ID, "Unknown supplier").optional(),
  clearSupplier: flag,
  leadTimeDays: wholeNumber("Lead time", 0, 365),
  daysOfStock: wholeNumber("Days of stock", 0, 365),
  serviceLevel: servicePercent,
  reorderPointOverride: wholeNumber("Reorder point", 0, 1_000_000),
  clearOverride: flag,
});
export type PlanningChanges = z.output<typeof planningChangesSchema>;

export const bulkSchema = planningChangesSchema.extend({
  ids: z
    .string({ message: "Choose at least one variant" })
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(ID, "Unknown variant"))
        .min(1, "Choose at least one variant")
        .max(10_000, "At most 10,000 variants at once"),
    ),
});

export const supplierSchema = z.object({
  name: z
    .string({ message: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Use at most 200 characters"),
  email: z
    .string()
    .trim()
    .max(320)
    .optional()
    .refine((v) => !v || z.email().safeParse(v).success, "Enter an e-mail address like orders@supplier.com"),
  leadTimeDays: wholeNumber("Lead time", 0, 365).refine((v) => v !== undefined, "Lead time is required"),
  minOrderQty: wholeNumber("Minimum order", 1, 1_000_000),
  casePack: wholeNumber("Case pack", 1, 100_000),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "Currency must be a three-letter code like USD")
    .optional(),
});

/** The windows a merchant may measure velocity over (days before today). */
export const VELOCITY_WINDOWS = [7, 14, 30, 60, 90] as const;

export const shopPlanningSchema = z.object({
  windowDays: z
    .string({ message: "Choose a window" })
    .trim()
    .refine((v) => (VELOCITY_WINDOWS as readonly number[]).includes(Number(v)), {
      message: `Choose ${VELOCITY_WINDOWS.join(", ")} days`,
    })
    .transform(Number),
});
