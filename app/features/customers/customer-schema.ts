// Add Customer's one schema: the form (client and server) and the action both use it.
import { z } from "zod";

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

const consent = z
  .union([z.boolean(), z.enum(["on", "true", "false"], { message: "Marketing consent is yes or no" })])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const addCustomerSchema = z.object({
  firstName: z
    .string({ message: "Enter a first name" })
    .trim()
    .min(1, "Enter a first name")
    .max(100, "At most 100 characters"),
  lastName: z
    .string()
    .trim()
    .max(100, "At most 100 characters")
    .optional()
    .transform((v) => v || null),
  email: z
    .string({ message: "Enter an e-mail address" })
    .trim()
    .toLowerCase()
    .max(254, "At most 254 characters")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com")),
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s()-]/g, ""))
    .pipe(z.string().regex(E164, "Enter the phone in international format, like +14155550123"))
    .optional()
    .transform((v) => v || null),
  acceptsMarketing: consent,
});

export type AddCustomerInput = z.output<typeof addCustomerSchema>;
