// Body of POST /api/import (the status card's Resync and Retry buttons).
import { z } from "zod";

export const importActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("resync") }),
    z.object({ intent: z.literal("retry"), runId: z.string().trim().min(1, "runId is required") }),
  ],
  { message: 'intent must be "resync" or "retry"' },
);

export type ImportActionInput = z.infer<typeof importActionSchema>;
