// The telemetry's scheduled work: every hour, each shop's finished days are rolled up and
// their raw samples deleted; stored days older than 12 months are deleted.
import type { JobQueue } from "~/platform/jobs/index.server";
import { rollupAll } from "~/features/telemetry/rollup.server";

export const TELEMETRY_JOBS = { rollup: "telemetry.rollup" } as const;

export function registerTelemetryJobs(queue: JobQueue) {
  queue.register(TELEMETRY_JOBS.rollup, async () => void (await rollupAll()));
  // Hourly, so a shop's day is rolled up within the hour after it ends in the shop's time zone.
  queue.schedule(TELEMETRY_JOBS.rollup, "7 * * * *");
}
