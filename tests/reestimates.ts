// Runs the rule re-estimates a save queued (docs/decisions/126) as the server's queue would in
// the background, for tests that read the figures after a save.
import "~/jobs.server";
import { REESTIMATE_JOB } from "~/features/profit/index.server";
import { getJobQueue } from "~/platform/jobs/index.server";

/** Runs the queued re-estimates until none is due; returns how many jobs ran. */
export async function runReestimates(): Promise<number> {
  let ran = 0;
  for (let n; (n = await getJobQueue().runDue({ names: [REESTIMATE_JOB] }));) ran += n;
  return ran;
}
