// The job queue on PostgreSQL: pg-boss 10 on the application's own database (schema
// "pgboss"). pg-boss claims with SELECT ... FOR UPDATE SKIP LOCKED, so several
// instances share the work and each job runs once; its cron schedules are kept in
// the database and fired by one instance.
import crypto from "node:crypto";
import { createRequire } from "node:module";
import type PgBoss from "pg-boss";
import type { EnqueueOptions, JobHandler, JobQueue, ScheduleOptions } from "~/platform/jobs/types";
import { describeError } from "~/lib/log-safe";

export type PgBossQueueOptions = {
  pollingIntervalSeconds?: number;
  /** Whether this instance maintains the queues and fires cron schedules (default true). */
  supervise?: boolean;
  onError?: (error: unknown) => void;
};

/** A stable UUID for a (name, key) pair: pg-boss ignores an insert whose id already exists. */
export function singletonId(name: string, key: string): string {
  const h = crypto.createHash("sha256").update(`${name}\u0000${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

// Required when a queue is made, not imported at boot: a server on SQLite never loads pg-boss
// (docs/decisions/070-server-memory.md).
const require = createRequire(import.meta.url);

type Schedule = { name: string; pattern: string; payload: unknown; tz?: string };

export class PgBossJobQueue implements JobQueue {
  readonly engine = "pg-boss" as const;
  private readonly boss: PgBoss;
  private handlers = new Map<string, JobHandler<unknown>>();
  private schedules: Schedule[] = [];
  private ready: Promise<void> | null = null;
  private knownQueues = new Set<string>();
  private started = false;

  constructor(
    connectionString: string,
    private readonly options: PgBossQueueOptions = {},
  ) {
    const supervise = options.supervise ?? true;
    const PgBossClass = require("pg-boss") as typeof PgBoss;
    this.boss = new PgBossClass({
      connectionString,
      schema: "pgboss",
      max: 4,
      supervise,
      schedule: supervise,
      archiveCompletedAfterSeconds: 14 * 86_400,
    });
    this.boss.on("error", (error) => (options.onError ?? ((e) => console.error(`[jobs] ${describeError(e)}`)))(error));
  }

  private open(): Promise<void> {
    this.ready ??= this.boss.start().then(() => undefined);
    return this.ready;
  }

  private async ensureQueue(name: string) {
    if (this.knownQueues.has(name)) return;
    await this.open();
    // Two instances creating the same queue at once can deadlock in pg-boss's DDL; the
    // loser retries and finds the queue made by the winner.
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await this.boss.getQueue(name)))
          await this.boss.createQueue(name, { name, retryLimit: 2, retryDelay: 10, retryBackoff: true });
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 50));
      }
    }
    this.knownQueues.add(name);
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  schedule(name: string, pattern: string, payload: unknown = {}, options: ScheduleOptions = {}): void {
    this.schedules.push({ name, pattern, payload, tz: options.tz });
  }

  async enqueue<P>(name: string, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    await this.ensureQueue(name);
    const maxAttempts = options.maxAttempts ?? 3;
    return this.boss.send(name, (payload ?? {}) as object, {
      ...(options.singletonKey
        ? { id: singletonId(name, options.singletonKey), singletonKey: options.singletonKey }
        : {}),
      ...(options.runAt ? { startAfter: options.runAt } : {}),
      retryLimit: Math.max(0, maxAttempts - 1),
      retryDelay: 10,
      retryBackoff: true,
    });
  }

  private async run(job: PgBoss.JobWithMetadata<unknown>) {
    const handler = this.handlers.get(job.name)!;
    await handler(job.data, { id: job.id, name: job.name, attempt: (job.retryCount ?? 0) + 1 });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.open();
    for (const name of this.handlers.keys()) {
      await this.ensureQueue(name);
      await this.boss.work(
        name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) await this.run(job);
        },
      );
    }
    for (const s of this.schedules) {
      await this.ensureQueue(s.name);
      await this.boss.schedule(s.name, s.pattern, (s.payload ?? {}) as object, { tz: s.tz ?? "UTC" });
    }
  }

  async stop(): Promise<void> {
    if (!this.ready) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.ready = null;
    this.started = false;
    this.knownQueues.clear();
  }

  async runDue(options: { names?: string[] } = {}): Promise<number> {
    const names = (options.names ?? [...this.handlers.keys()]).filter((n) => this.handlers.has(n));
    let ran = 0;
    for (const name of names) {
      await this.ensureQueue(name);
      for (;;) {
        const jobs = await this.boss.fetch(name, { batchSize: 10, includeMetadata: true });
        if (!jobs.length) break;
        for (const job of jobs) {
          try {
            await this.run(job);
            await this.boss.complete(name, job.id);
          } catch (error) {
            await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
          ran++;
        }
      }
    }
    return ran;
  }
}
