// A saved dashboard's form, one schema for the form and the action (house rule 6): a name of
// 1–60 characters, the registry figures it shows (sent comma-separated), a timeframe and a comparison.
import { z } from "zod";
import { METRIC_KEYS } from "~/features/analytics/metrics";
import { COMPARISONS, TIMEFRAME_KEYS } from "~/features/analytics/periods";

export const DASHBOARD_NAME_MAX = 60;
export const DASHBOARD_CARDS_MAX = 12;

export const dashboardName = z
  .string({ error: "Enter a name" })
  .trim()
  .min(1, "Enter a name")
  .max(DASHBOARD_NAME_MAX, `Use at most ${DASHBOARD_NAME_MAX} characters`);

export const dashboardCards = z
  .string({ error: "Choose at least one figure" })
  .transform((s) => [
    ...new Set(
      s
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.enum(METRIC_KEYS, { error: "Unknown figure" }))
      .min(1, "Choose at least one figure")
      .max(DASHBOARD_CARDS_MAX, `Choose at most ${DASHBOARD_CARDS_MAX} figures`),
  );

export const dashboardSchema = z.object({
  name: dashboardName,
  cards: dashboardCards,
  timeframe: z.enum(TIMEFRAME_KEYS, { error: `Must be one of ${TIMEFRAME_KEYS.join(", ")}` }),
  comparison: z.enum(COMPARISONS, { error: `Must be one of ${COMPARISONS.join(", ")}` }),
});

export type DashboardInput = z.infer<typeof dashboardSchema>;

export const renameSchema = z.object({ id: z.string().min(1), name: dashboardName });
export const deleteSchema = z.object({ id: z.string().min(1) });
