// Forms and API bodies of the public site, shared by the pages (client checks) and
// the actions/endpoints (server validation).
import { z } from "zod";

export const emailAddress = z
  .string({ message: "Enter your e-mail address" })
  .trim()
  .min(1, "Enter your e-mail address")
  .max(254, "That e-mail address is too long")
  .pipe(z.email({ message: "Enter a valid e-mail address, like name@example.com" }))
  .transform((v) => v.toLowerCase());

/** POST /api/gdpr/export-request */
export const exportRequestSchema = z.object({ email: emailAddress });

/** Blog newsletter sign-up. */
export const newsletterSchema = z.object({ email: emailAddress });

/** The contact form (it opens the mail client; nothing is sent to the server). */
export const contactSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().max(100).optional().default(""),
  email: emailAddress,
  company: z.string().trim().max(200).optional().default(""),
  subject: z.string().trim().max(200).optional().default(""),
  message: z.string().trim().min(1, "Message is required").max(5000),
});

// ---- The privacy centre (/privacy): one schema per form, used by the screen and its action.

const REQUEST_TYPE_VALUES = ["access", "deletion", "portability", "rectification", "opt_out"] as const;
const REGULATION_VALUES = ["gdpr", "uk_gdpr", "ccpa", "lgpd", "other"] as const;
const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown request");
const reason = (what: string) =>
  z
    .string({ message: `Give the ${what}` })
    .trim()
    .min(10, `Give the ${what} in a sentence (at least 10 characters)`)
    .max(2000, `Keep the ${what} under 2,000 characters`);
const dayField = z.string({ message: "Choose a day" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a day");

/** A request the merchant received by e-mail or phone. */
export const manualRequestSchema = z.object({
  intent: z.literal("create"),
  type: z.enum(REQUEST_TYPE_VALUES, { message: "Choose the type of request" }),
  regulation: z.enum(REGULATION_VALUES, { message: "Choose the law that governs it" }),
  requesterName: z.string().trim().max(200, "Keep the name under 200 characters").optional().default(""),
  email: emailAddress,
  receivedOn: dayField,
});

export const requestActionSchema = z.discriminatedUnion("intent", [
  manualRequestSchema,
  z.object({ intent: z.literal("verify"), id: requestId }),
  z.object({ intent: z.literal("extend"), id: requestId, reason: reason("reason for the extension") }),
  z.object({ intent: z.literal("refuse"), id: requestId, reason: reason("reason for refusing") }),
  z.object({ intent: z.literal("fulfil"), id: requestId }),
  z.object({ intent: z.literal("complete"), id: requestId, note: reason("note of what was done") }),
]);
export type RequestAction = z.output<typeof requestActionSchema>;

const checkbox = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

/** The privacy settings (regimes, DPO contact, the promise, the reminder lead time). */
export const privacySettingsSchema = z.object({
  intent: z.literal("settings"),
  gdprActive: checkbox,
  ccpaActive: checkbox,
  dpoName: z.string().trim().max(200, "Keep the name under 200 characters").optional().default(""),
  dpoEmail: z
    .string()
    .trim()
    .max(254, "That e-mail address is too long")
    .optional()
    .default("")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid e-mail address, like dpo@example.com"),
  promiseDays: z.coerce
    .number({ message: "Enter a number of days" })
    .int("Enter whole days")
    .min(1, "At least 1 day")
    .max(90, "At most 90 days"),
  reminderLeadDays: z.coerce
    .number({ message: "Enter a number of days" })
    .int("Enter whole days")
    .min(0, "0 days or more")
    .max(30, "At most 30 days"),
});
export type PrivacySettingsInput = z.output<typeof privacySettingsSchema>;

export const complianceActionSchema = z.object({
  intent: z.literal("confirm"),
  item: z.enum(["policy", "dpa", "staff"], { message: "Unknown checklist item" }),
  confirmed: checkbox,
});

/** Every form of the /privacy screen, by its intent. */
export const privacyActionSchema = z.discriminatedUnion("intent", [
  ...requestActionSchema.options,
  privacySettingsSchema,
  complianceActionSchema,
]);
export type PrivacyAction = z.output<typeof privacyActionSchema>;

/** GET /privacy/report: the report's period, days in the shop's zone (default: the last 90 days). */
export const reportPeriodSchema = z
  .object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a day as YYYY-MM-DD")
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a day as YYYY-MM-DD")
      .optional(),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: "The start must not be after the end",
    path: ["from"],
  });
export type ReportPeriodInput = z.infer<typeof reportPeriodSchema>;
