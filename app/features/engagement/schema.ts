// The campaign form (create and edit) and the screen's intents: one schema for the form and the action.
import { z } from "zod";
import { SEGMENTS } from "~/features/customers";
import { SMS_MAX_CHARS, SMS_OPT_OUT } from "./sms-schema";
import { parseTemplate } from "./template";

export const AUDIENCES = [
  "segment",
  "win_back",
  "post_purchase",
  "abandoned_checkout",
  "vip_welcome",
  "points_expiring",
  "back_in_stock",
] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABEL: Record<Audience, string> = {
  segment: "One-off to a segment",
  win_back: "Win-back (customer enters At-Risk)",
  post_purchase: "Post-purchase follow-up",
  abandoned_checkout: "Abandoned checkout",
  vip_welcome: "VIP welcome (customer enters VIP)",
  points_expiring: "Loyalty points expiring",
  back_in_stock: "Back in stock (a variant that sold out returns)",
};
/** Shopify's own abandoned-checkout automation offers these delays. */
export const CHECKOUT_DELAY_HOURS = [1, 6, 10, 24] as const;
export const CHANNELS = ["email", "sms", "push"] as const;

const int = (min: number, max: number, label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const templateField = (label: string, max: number) =>
  z
    .string({ message: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const parsed = parseTemplate(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
    });

/** The campaign form; SMS is accepted only for a shop that connected Twilio (`sms`). */
export const campaignSchemaFor = ({ sms }: { sms: boolean }) =>
  z
    .object({
      name: z.string({ message: "Enter a name" }).trim().min(1, "Enter a name").max(120, "At most 120 characters"),
      channel: z.enum(CHANNELS, { message: "Choose a channel" }).default("email"),
      audience: z.enum(AUDIENCES, { message: "Choose an audience" }),
      segment: z.enum(SEGMENTS, { message: "Choose a segment" }).optional(),
      /** The local date-time in the shop's zone (YYYY-MM-DDTHH:mm), for one-off campaigns. */
      scheduledAt: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time")
        .optional(),
      delayDays: int(1, 90, "The delay").optional(),
      delayHours: z.coerce
        .number({ message: "Choose a delay" })
        .refine((h) => (CHECKOUT_DELAY_HOURS as readonly number[]).includes(h), "Choose 1, 6, 10 or 24 hours")
        .optional(),
      discountCode: z
        .string()
        .trim()
        .max(255, "At most 255 characters")
        .regex(/^[A-Za-z0-9_-]*$/, "Use letters, digits, - and _ only, as the code reads in Shopify")
        .transform((v) => v || undefined)
        .optional(),
      /** E-mail only: an SMS has no subject. */
      /** Each recipient's own one-use code, this percent off, created in Shopify at send. */
      discountPercent: z.preprocess(
        (v) => (v === "" || v === null ? undefined : v),
        int(1, 100, "The discount").optional(),
      ),
      subject: z.preprocess(
        (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
        templateField("subject", 200).optional(),
      ),
      body: templateField("message", 10_000),
      holdoutPercent: int(0, 50, "The hold-out").default(10),
      frequencyCapHours: int(0, 168, "The frequency cap").default(16),
      quietStartHour: int(0, 23, "The quiet hours' start").default(21),
      quietEndHour: int(0, 23, "The quiet hours' end").default(8),
    })
    .superRefine((v, ctx) => {
      if (v.channel === "sms" && !sms)
        ctx.addIssue({ code: "custom", path: ["channel"], message: "SMS is not configured: connect Twilio first" });
      if (v.discountPercent !== undefined && v.discountCode)
        ctx.addIssue({
          code: "custom",
          path: ["discountPercent"],
          message: "Use a code you created or a code per recipient, not both",
        });
      if (v.channel === "email" && !v.subject)
        ctx.addIssue({ code: "custom", path: ["subject"], message: "Enter the subject" });
      // The opt-out line and the shop's name come on top of the text (send.server.ts smsText).
      if (v.channel === "sms" && v.body.length > SMS_MAX_CHARS - SMS_OPT_OUT.length - 80)
        ctx.addIssue({
          code: "custom",
          path: ["body"],
          message: `An SMS must be at most ${SMS_MAX_CHARS - SMS_OPT_OUT.length - 80} characters`,
        });
      if (v.channel === "push") ctx.addIssue({ code: "custom", path: ["channel"], message: "Push is not available" });
      if (v.audience === "segment" && !v.segment)
        ctx.addIssue({ code: "custom", path: ["segment"], message: "Choose a segment" });
      if (v.audience === "segment" && !v.scheduledAt)
        ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: "Enter when to send" });
      if (v.audience === "post_purchase" && v.delayDays === undefined)
        ctx.addIssue({ code: "custom", path: ["delayDays"], message: "Enter the days after the order" });
      if (v.audience === "points_expiring" && v.delayDays === undefined)
        ctx.addIssue({ code: "custom", path: ["delayDays"], message: "Enter the days before the points expire" });
      if (v.audience === "abandoned_checkout" && v.delayHours === undefined)
        ctx.addIssue({ code: "custom", path: ["delayHours"], message: "Choose 1, 6, 10 or 24 hours" });
    });
/** The schema as the browser uses it: whether Twilio is connected is the action's to say. */
export const campaignSchema = campaignSchemaFor({ sms: false });
export type CampaignInput = z.infer<typeof campaignSchema>;

export const campaignActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }).passthrough(),
  z.object({ intent: z.enum(["start", "pause", "resume", "end", "delete"]) }),
]);

export type CampaignActionResult =
  { ok: true; intent: string; id?: string } | { ok: false; fieldErrors: Record<string, string[] | undefined> };
