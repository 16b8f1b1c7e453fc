// The Integrations tab's ad-platform form: one schema for the buttons and the route's action.
import { z } from "zod";
import { AD_PLATFORMS } from "./platforms";

const platform = z.enum(AD_PLATFORMS, { message: "Choose an ad platform" });

export const adActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("connect"), platform }),
  z.object({ intent: z.literal("disconnect"), platform }),
  z.object({ intent: z.literal("retry"), platform }),
  z.object({
    intent: z.literal("accounts"),
    platform,
    accountIds: z
      .string()
      .max(10_000)
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[\w-]{1,64}$/, "Unknown account")).max(200)),
  }),
]);
export type AdAction = z.infer<typeof adActionSchema>;
