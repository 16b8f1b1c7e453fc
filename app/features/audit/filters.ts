// The audit log's filters, checked the same way in the browser and on the server.
import { z } from "zod";
import { isValidDay } from "~/lib/dates";

/** The first part of an action name: what area of the app was changed. */
export const AUDIT_AREAS = ["costs", "invoices", "settings", "team", "billing", "exports", "loyalty"] as const;

const day = z
  .string()
  .refine((d) => d === "" || isValidDay(d), "Use a date like 2026-01-31")
  .optional()
  .transform((d) => d || undefined);

export const auditFiltersSchema = z.object({
  actor: z
    .string()
    .max(254)
    .optional()
    .transform((v) => v || undefined),
  area: z
    .enum(["", ...AUDIT_AREAS], { message: `Area must be one of ${AUDIT_AREAS.join(", ")}` })
    .optional()
    .transform((v) => v || undefined),
  from: day,
  to: day,
});
