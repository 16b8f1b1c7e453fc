// Runs of the insight engine: Generate New Insights and the nightly run both queue one here.
// At most one run per shop is open (queued or running) across every instance: the open run
// holds the unique openKey, so a second request answers the first run. The job queue runs each
// run's job once; the job claims the run (queued → running) with a guarded update.
import { prisma } from "~/db.server";
import { formatInstant } from "~/lib/dates";
import { describeError } from "~/lib/log-safe";
import { isUniqueViolation } from "~/platform/prisma-errors";
import { getJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import { generateInsights } from "~/features/insights/generate.server";

export const GENERATE_JOB = "insights.generate";
export const NIGHTLY_JOB = "insights.nightly";
/** An open run older than this was lost with its instance: it is failed and a new one may start. */
export const STALE_MS = 15 * 60_000;
/** The local hour the nightly run starts in each shop's time zone. */
export const NIGHTLY_HOUR = 3;

export type RunView = {
  id: string;
  status: string;
  trigger: string;
  queuedAt: string;
  finishedAt: string | null;
  found: number;
};

const VIEW = { id: true, status: true, trigger: true, queuedAt: true, finishedAt: true, found: true } as const;
const view = (r: {
  id: string;
  status: string;
  trigger: string;
  queuedAt: Date;
  finishedAt: Date | null;
  found: number;
}) => ({
  ...r,
  queuedAt: r.queuedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

async function findOpenRun(shopId: string) {
  return prisma.insightRun.findFirst({ where: { shopId, openKey: shopId }, select: VIEW });
}

/** The shop's run still queued or running (the screen resumes following it), or null. */
export async function openRun(shopId: string, now = new Date()): Promise<RunView | null> {
  const run = await findOpenRun(shopId);
  return run && now.getTime() - run.queuedAt.getTime() < STALE_MS ? view(run) : null;
}

/**
 * Queues a run for the shop, or answers the run already open. `created` says which, so the API
 * can answer 202 either way with the run the screen should follow.
 */
export async function requestRun(
  shopId: string,
  trigger: "manual" | "nightly",
  now = new Date(),
  queue: Pick<JobQueue, "enqueue"> = getJobQueue(),
): Promise<{ run: RunView; created: boolean }> {
  const open = await findOpenRun(shopId);
  if (open && now.getTime() - open.queuedAt.getTime() < STALE_MS) return { run: view(open), created: false };
  if (open)
    await prisma.insightRun.updateMany({
      where: { id: open.id, shopId, openKey: shopId },
      data: { status: "failed", openKey: null, finishedAt: now, error: "The run was lost (no answer in 15 minutes)." },
    });
  try {
    const run = await prisma.insightRun.create({
      data: { shopId, trigger, status: "queued", openKey: shopId, queuedAt: now },
      select: VIEW,
    });
    await queue.enqueue(GENERATE_JOB, { runId: run.id, shopId }, { singletonKey: run.id, maxAttempts: 1 });
    return { run: view(run), created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another instance opened one between our read and our write: answer that one.
    const other = await findOpenRun(shopId);
    if (!other) throw error;
    return { run: view(other), created: false };
  }
}

/** The job: claims the run, generates, and closes it as done or failed (never retried: the next click is). */
export async function executeRun(runId: string, shopId: string, now = () => new Date()): Promise<void> {
  const claimed = await prisma.insightRun.updateMany({
    where: { id: runId, shopId, status: "queued" },
    data: { status: "running", startedAt: now() },
  });
  if (claimed.count !== 1) return;
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, currency: true, timezone: true },
  });
  try {
    if (!shop) throw new Error("The shop is gone");
    const result = await generateInsights(shop, runId, now());
    await prisma.insightRun.updateMany({
      where: { id: runId, shopId },
      data: {
        status: "done",
        openKey: null,
        finishedAt: now(),
        found: result.found,
        created: result.created,
        closed: result.closed,
        failedDetectors: result.failed.length ? result.failed.join(",") : null,
      },
    });
  } catch (error) {
    console.error(`[insights] run ${runId} failed: ${error instanceof Error ? error.name : typeof error}`);
    await prisma.insightRun.updateMany({
      where: { id: runId, shopId },
      data: { status: "failed", openKey: null, finishedAt: now(), error: describeError(error, 120).split(" | ")[0] },
    });
  }
}

/** A run of the shop by id (the screen follows it), or null for another shop's or an unknown id. */
export async function getRun(shopId: string, runId: string): Promise<RunView | null> {
  const run = await prisma.insightRun.findFirst({ where: { id: runId, shopId }, select: VIEW });
  return run ? view(run) : null;
}

/** The shop's newest run in any state: the screen follows it to its end. */
export async function latestRun(shopId: string): Promise<RunView | null> {
  const run = await prisma.insightRun.findFirst({ where: { shopId }, orderBy: { queuedAt: "desc" }, select: VIEW });
  return run ? view(run) : null;
}

/** The last finished run, for "Updated N minutes ago". */
export async function lastRun(shopId: string): Promise<RunView | null> {
  const run = await prisma.insightRun.findFirst({
    where: { shopId, status: "done" },
    orderBy: { finishedAt: "desc" },
    select: VIEW,
  });
  return run ? view(run) : null;
}

/** Hourly: queue the nightly run for every installed shop where it is now NIGHTLY_HOUR. */
export async function queueNightlyRuns(now = new Date()): Promise<number> {
  const shops = await prisma.shop.findMany({ where: { uninstalledAt: null }, select: { id: true, timezone: true } });
  let queued = 0;
  for (const shop of shops) {
    const hour = Number(formatInstant(now, shop.timezone, "time").slice(0, 2));
    if (hour !== NIGHTLY_HOUR) continue;
    try {
      if ((await requestRun(shop.id, "nightly", now)).created) queued++;
    } catch (error) {
      console.error(`[insights] nightly run not queued: ${describeError(error)}`);
    }
  }
  return queued;
}

export function registerInsightJobs(queue: JobQueue) {
  queue.register<{ runId: string; shopId: string }>(GENERATE_JOB, async ({ runId, shopId }) => {
    await executeRun(runId, shopId);
  });
  queue.register(NIGHTLY_JOB, async () => void (await queueNightlyRuns()));
  queue.schedule(NIGHTLY_JOB, "11 * * * *");
}
