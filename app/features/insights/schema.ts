// The insight screen's action and the API's bodies: one zod schema each, used by the screen's
// forms and by the route that reads them (house rule 6).
import { z } from "zod";
import { isValidDay } from "~/lib/dates";
import { DISMISS_REASONS } from "~/features/insights/lifecycle";
import type { FieldErrors } from "~/lib/forms";
import type { RunView } from "~/features/insights/runs.server";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown insight");

export const insightActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("done"), id }),
  z.object({ intent: z.literal("reopen"), id }),
  z.object({ intent: z.literal("seen"), id }),
  z.object({
    intent: z.literal("dismiss"),
    id,
    reason: z.enum(DISMISS_REASONS, { message: "Choose why you dismiss it" }),
  }),
  z.object({
    intent: z.literal("snooze"),
    id,
    until: z.string().refine(isValidDay, "Choose a day"),
  }),
  z.object({
    intent: z.literal("feedback"),
    id,
    feedback: z.enum(["useful", "not-useful"], { message: "Useful or not useful" }),
  }),
]);
export type InsightAction = z.output<typeof insightActionSchema>;

/** POST /api/ai-insights/generate (core.md §7: the payload is storeId). */
export const generateBodySchema = z.object({
  storeId: z.string({ message: "storeId is required" }).min(1, "storeId is required").max(100, "Unknown store"),
});

/** The screen's action answers: a queued run to follow, a lifecycle change, or field errors. */
export type InsightActionResult =
  | { ok: true; intent: InsightAction["intent"]; run?: RunView }
  | { ok: false; fieldErrors: FieldErrors; refused?: string };
