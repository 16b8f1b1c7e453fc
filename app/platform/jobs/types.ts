// The job-queue interface every background task uses (invoices, Shopify sync, ...).
// Two implementations: pg-boss on PostgreSQL, an in-process croner scheduler over the
// Job table on SQLite. See docs/decisions/010-job-queue.md.

export type JobMeta = {
  id: string;
  name: string;
  /** 1 on the first try, 2 on the first retry, ... */
  attempt: number;
};

/** Throw to fail the attempt: the job is retried with backoff until maxAttempts. */
export type JobHandler<P = unknown> = (payload: P, meta: JobMeta) => Promise<void>;

export type EnqueueOptions = {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /**
   * Deduplication key, unique per job name: while a job with the same name and key is
   * kept (pending, running or finished within the retention window, 14 days), another
   * enqueue with it does nothing and returns null. Handlers should still be idempotent.
   */
  singletonKey?: string;
  /** Attempts before the job is marked failed (default 3). */
  maxAttempts?: number;
};

export type ScheduleOptions = {
  /** IANA time zone the cron pattern is read in (default UTC). */
  tz?: string;
};

export interface JobQueue {
  readonly engine: "sqlite" | "pg-boss";
  /** Registers the handler for a job name; call before start(). One handler per name. */
  register<P>(name: string, handler: JobHandler<P>): void;
  /**
   * Runs `name` on a cron pattern (5 fields, minute precision) with `payload`. Every
   * running instance may fire the schedule; each tick is enqueued once.
   */
  schedule(name: string, cron: string, payload?: unknown, options?: ScheduleOptions): void;
  /** Adds a job; returns its id, or null when the singletonKey was already used. */
  enqueue<P>(name: string, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** Starts polling for due jobs and firing schedules. */
  start(): Promise<void>;
  /** Stops polling and waits for running handlers. */
  stop(): Promise<void>;
  /**
   * Claims and runs, in this process, every job of the registered names that is due now;
   * returns how many ran. Safe to call from several instances at once: each job runs once.
   * For tests, scripts and the demo; servers rely on start().
   */
  runDue(options?: { names?: string[] }): Promise<number>;
}
