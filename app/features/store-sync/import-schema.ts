// Body of POST /api/import (the status card's Resync and Retry buttons).
import { z } from "zod";

export const importActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("resync") }),
    z.object({
      intent: z.literal("retry"),
      runId: z
        .string()
        .trim()
        .min(1, "runId is required")
        .regex(/^[A-Za-z0-9_-]{1,100}$/, "runId is not an import run"),
    }),
  ],
  { message: 'intent must be "resync" or "retry"' },
);

export type ImportActionInput = z.infer<typeof importActionSchema>;
