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
