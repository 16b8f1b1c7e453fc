// The Twilio connection form (SMS campaigns): one schema for the form and the action.
import { z } from "zod";

/** E.164: a plus, the country code and at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{1,14}$/;

/** Appended to every SMS: Twilio's default opt-out keyword (docs/decisions/110-engagement-sms.md). */
export const SMS_OPT_OUT = "Reply STOP to opt out";
/** Twilio accepts a Body of at most 1,600 characters. */
export const SMS_MAX_CHARS = 1600;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const twilioConnectSchema = z
  .object({
    accountSid: z
      .string({ message: "Enter the Account SID" })
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, "An Account SID is AC followed by 32 hexadecimal characters"),
    authToken: z
      .string({ message: "Enter the Auth Token" })
      .trim()
      .regex(/^[0-9a-fA-F]{32}$/, "An Auth Token is 32 hexadecimal characters"),
    fromNumber: z.preprocess(
      blankToUndefined,
      z.string().trim().regex(E164, "Enter the number in E.164 form, e.g. +14155550100").optional(),
    ),
    messagingServiceSid: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^MG[0-9a-fA-F]{32}$/, "A Messaging Service SID is MG followed by 32 hexadecimal characters")
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.fromNumber && !v.messagingServiceSid)
      ctx.addIssue({
        code: "custom",
        path: ["fromNumber"],
        message: "Enter a From number or a Messaging Service SID",
      });
    if (v.fromNumber && v.messagingServiceSid)
      ctx.addIssue({
        code: "custom",
        path: ["messagingServiceSid"],
        message: "Enter a From number or a Messaging Service SID, not both",
      });
  });
export type TwilioConnectInput = z.infer<typeof twilioConnectSchema>;

export const smsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("connect") }).passthrough(),
  z.object({ intent: z.literal("disconnect") }),
]);
