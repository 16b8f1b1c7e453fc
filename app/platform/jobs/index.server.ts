// The app's one job queue, picked by DATABASE_URL: pg-boss on PostgreSQL, the croner
// scheduler over the Job table on SQLite. It knows no feature: the composition root
// (app/jobs.server.ts) hands it the function that registers every feature's jobs, and
// the server calls startJobs() once (app/entry.server.tsx).
//
//   import { getJobQueue } from "~/platform/jobs/index.server";
//   await getJobQueue().enqueue("sync.orders", { shopId }, { singletonKey: `orders:${shopId}` });
import { dialect, prisma } from "~/db.server";
import { env } from "~/env.server";
import { PgBossJobQueue } from "~/platform/jobs/pgboss-queue.server";
import { SqliteJobQueue } from "~/platform/jobs/sqlite-queue.server";
import type { JobQueue } from "~/platform/jobs/types";
import { describeError } from "~/lib/log-safe";

export type { EnqueueOptions, JobHandler, JobMeta, JobQueue, ScheduleOptions } from "~/platform/jobs/types";

/** A new queue on this process's database (tests create two to play two app instances). */
export function createJobQueue(): JobQueue {
  return dialect === "postgresql" ? new PgBossJobQueue(env.databaseUrl) : new SqliteJobQueue(prisma);
}

type Registrar = (queue: JobQueue) => void;
type Holder = {
  queue: JobQueue | null;
  registrar: Registrar | null;
  registered: boolean;
  started: Promise<void> | null;
};

// On globalThis so a module reloaded by Vite in development finds the same queue.
const g = globalThis as typeof globalThis & { __jobQueue?: Holder };

function holder(): Holder {
  g.__jobQueue ??= { queue: null, registrar: null, registered: false, started: null };
  return g.__jobQueue;
}

function registerOnce(h: Holder) {
  if (h.queue && h.registrar && !h.registered) {
    h.registered = true;
    h.registrar(h.queue);
  }
}

/** Called once by the composition root with the function that registers every feature's jobs. */
export function setJobRegistrar(registrar: Registrar): void {
  const h = holder();
  h.registrar = registrar;
  registerOnce(h);
}

/** The process-wide queue: enqueue from anywhere; handlers are registered as soon as both exist. */
export function getJobQueue(): JobQueue {
  const h = holder();
  h.queue ??= createJobQueue();
  registerOnce(h);
  return h.queue;
}

/** Stops the process-wide queue, if one was made (tests). */
export async function stopJobQueue(): Promise<void> {
  await g.__jobQueue?.queue?.stop();
}

/** Starts polling and schedules once per process. Off when JOBS_DISABLED=1 or under test. */
export function startJobs(): Promise<void> {
  if (env.jobs.disabled) return Promise.resolve();
  const queue = getJobQueue();
  const h = holder();
  h.started ??= queue.start().catch((error) => {
    h.started = null;
    console.error(`[jobs] could not start the job queue: ${describeError(error)}`);
  });
  return h.started;
}
