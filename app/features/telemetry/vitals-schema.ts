// The body of POST /api/vitals: what one page of the admin measured (docs/product/performance.md).
import { z } from "zod";
import { VITAL_METRICS } from "~/features/telemetry/stats";

/** Largest value kept per metric: beyond it a measurement is a broken clock, not a slow page. */
const MAX_VALUE = { LCP: 120_000, INP: 60_000, CLS: 100 } as const;

/** Bytes: three measurements are ~120; anything bigger is not ours. */
export const VITALS_BODY_LIMIT = 2048;

export const vitalsBodySchema = z.object({
  metrics: z
    .array(
      z
        .object({
          name: z.enum(VITAL_METRICS),
          value: z.number().finite().min(0),
        })
        .refine((m) => m.value <= MAX_VALUE[m.name], { message: "value is out of range", path: ["value"] }),
    )
    .min(1, "at least one measurement")
    .max(VITAL_METRICS.length, `at most ${VITAL_METRICS.length} measurements`)
    .refine((ms) => new Set(ms.map((m) => m.name)).size === ms.length, "one measurement per metric"),
});

export type VitalsBody = z.infer<typeof vitalsBodySchema>;
