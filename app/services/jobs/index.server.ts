// The app's one job queue, picked by DATABASE_URL: pg-boss on PostgreSQL, the croner
// scheduler over the Job table on SQLite. Areas register their jobs in registerAllJobs;
// the server calls startJobs() once (app/entry.server.tsx).
//
//   import { getJobQueue } from "~/services/jobs/index.server";
//   await getJobQueue().enqueue("sync.orders", { shopId }, { singletonKey: `orders:${shopId}` });
//
// Handlers are registered before start(); see registerAllJobs below to add yours.
import { dialect, prisma } from "../../db.server";
import { env } from "../../env.server";
import { PgBossJobQueue } from "./pgboss-queue.server";
import { SqliteJobQueue } from "./sqlite-queue.server";
import type { JobQueue } from "./types";
import { registerInvoiceJobs } from "../../models/invoice-jobs.server";
import { registerStoreSyncJobs } from "../shopify-sync/jobs.server";

export type { EnqueueOptions, JobHandler, JobMeta, JobQueue, ScheduleOptions } from "./types";

/** A new queue on this process's database (tests create two to play two app instances). */
export function createJobQueue(): JobQueue {
  return dialect === "postgresql" ? new PgBossJobQueue(env.databaseUrl) : new SqliteJobQueue(prisma);
}

declare global {
  // eslint-disable-next-line no-var
  var __jobQueue: { queue: JobQueue; registered: boolean; started: Promise<void> | null } | undefined;
}

/** The process-wide queue: enqueue from anywhere; handlers are registered on first use. */
export function getJobQueue(): JobQueue {
  globalThis.__jobQueue ??= { queue: createJobQueue(), registered: false, started: null };
  const holder = globalThis.__jobQueue;
  if (!holder.registered) {
    holder.registered = true;
    registerAllJobs(holder.queue);
  }
  return holder.queue;
}

/** Every area's handlers and schedules, registered once on the process-wide queue. Add a line for yours. */
export function registerAllJobs(queue: JobQueue) {
  registerInvoiceJobs(queue);
  registerStoreSyncJobs(queue);
}

/** Starts polling and schedules once per process. Off when JOBS_DISABLED=1 or under test. */
export function startJobs(): Promise<void> {
  if (env.jobs.disabled) return Promise.resolve();
  const queue = getJobQueue();
  const holder = globalThis.__jobQueue!;
  holder.started ??= queue.start().catch((error) => {
    holder.started = null;
    console.error("[jobs] could not start the job queue:", error);
  });
  return holder.started;
}
