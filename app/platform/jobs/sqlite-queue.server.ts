// The job queue on SQLite: jobs are rows of the Job table; croner polls for due rows
// and fires cron schedules in-process. A job is claimed by a conditional UPDATE
// (state and attempt count must still be what this worker read), so with several
// instances on one database file each job runs exactly once.
import crypto from "node:crypto";
import { Cron } from "croner";
import type { PrismaClient } from "~/db.server";
import type { EnqueueOptions, JobHandler, JobQueue, ScheduleOptions } from "~/platform/jobs/types";
import { describeError } from "~/lib/log-safe";

export type SqliteQueueOptions = {
  /** croner pattern (6 fields = seconds) for the polling loop; default every 2 seconds. */
  pollPattern?: string;
  /** How long a claim is held before another worker may take the job over. */
  leaseMs?: number;
  /** Jobs claimed per poll. */
  batchSize?: number;
  /** Finished jobs are deleted after this many days (their singleton keys become free). */
  retentionDays?: number;
  onError?: (error: unknown, job?: { id: string; name: string }) => void;
};

type Schedule = { name: string; pattern: string; payload: unknown; tz?: string };

const retryDelayMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);

/** The instant a cron tick stands for, truncated to its pattern's precision, so every instance keys it alike. */
export function cronTickKey(pattern: string, at: Date): string {
  const seconds = pattern.trim().split(/\s+/).length >= 6;
  const ms = seconds ? 1_000 : 60_000;
  return new Date(Math.round(at.getTime() / ms) * ms).toISOString();
}

export class SqliteJobQueue implements JobQueue {
  readonly engine = "sqlite" as const;
  readonly workerId = `w_${crypto.randomBytes(6).toString("hex")}`;
  private handlers = new Map<string, JobHandler<unknown>>();
  private schedules: Schedule[] = [];
  private crons: Cron[] = [];
  private running = new Set<Promise<unknown>>();
  private readonly options: Required<Omit<SqliteQueueOptions, "onError">> & Pick<SqliteQueueOptions, "onError">;

  constructor(
    private readonly db: PrismaClient,
    options: SqliteQueueOptions = {},
  ) {
    this.options = {
      pollPattern: options.pollPattern ?? "*/2 * * * * *",
      leaseMs: options.leaseMs ?? 5 * 60_000,
      batchSize: options.batchSize ?? 10,
      retentionDays: options.retentionDays ?? 14,
      onError:
        options.onError ??
        ((error, job) => console.error(`[jobs] ${job ? `${job.name} ${job.id}: ` : ""}${describeError(error)}`)),
    };
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  schedule(name: string, pattern: string, payload: unknown = {}, options: ScheduleOptions = {}): void {
    this.schedules.push({ name, pattern, payload, tz: options.tz });
  }

  async enqueue<P>(name: string, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    try {
      const job = await this.db.job.create({
        data: {
          name,
          payload: JSON.stringify(payload ?? null),
          runAt: options.runAt ?? new Date(),
          singletonKey: options.singletonKey ? `${name}:${options.singletonKey}` : null,
          maxAttempts: options.maxAttempts ?? 3,
        },
      });
      return job.id;
    } catch (error) {
      if ((error as { code?: string })?.code === "P2002") return null;
      throw error;
    }
  }

  async start(): Promise<void> {
    if (this.crons.length) return;
    this.crons.push(
      new Cron(this.options.pollPattern, { protect: true, catch: (e) => this.options.onError?.(e) }, async () => {
        await this.runDue();
      }),
    );
    for (const s of this.schedules) {
      this.crons.push(
        new Cron(s.pattern, { timezone: s.tz, protect: true, catch: (e) => this.options.onError?.(e) }, async () => {
          await this.enqueue(s.name, s.payload, { singletonKey: `cron:${cronTickKey(s.pattern, new Date())}` });
        }),
      );
    }
    // Housekeeping once an hour: finished jobs past the retention window.
    this.crons.push(
      new Cron("17 * * * *", { protect: true, catch: (e) => this.options.onError?.(e) }, async () => {
        await this.db.job.deleteMany({
          where: {
            state: { in: ["completed", "failed"] },
            completedAt: { lt: new Date(Date.now() - this.options.retentionDays * 86_400_000) },
          },
        });
      }),
    );
  }

  async stop(): Promise<void> {
    for (const c of this.crons) c.stop();
    this.crons = [];
    await Promise.allSettled([...this.running]);
  }

  async runDue(options: { names?: string[] } = {}): Promise<number> {
    const names = (options.names ?? [...this.handlers.keys()]).filter((n) => this.handlers.has(n));
    if (!names.length) return 0;
    let ran = 0;
    for (;;) {
      const claimed = await this.claim(names, this.options.batchSize);
      if (!claimed.length) return ran;
      for (const job of claimed) {
        const work = this.execute(job);
        this.running.add(work);
        try {
          await work;
        } finally {
          this.running.delete(work);
        }
        ran++;
      }
    }
  }

  private async claim(names: string[], limit: number) {
    const now = new Date();
    const candidates = await this.db.job.findMany({
      where: {
        name: { in: names },
        OR: [
          { state: "pending", runAt: { lte: now } },
          // A worker that died mid-job: its lease ran out, so the job is free again.
          { state: "active", lockedUntil: { lt: now } },
        ],
      },
      orderBy: { runAt: "asc" },
      take: limit,
    });
    const claimed: typeof candidates = [];
    for (const c of candidates) {
      const { count } = await this.db.job.updateMany({
        where: { id: c.id, state: c.state, attempts: c.attempts },
        data: {
          state: "active",
          attempts: c.attempts + 1,
          lockedBy: this.workerId,
          lockedUntil: new Date(now.getTime() + this.options.leaseMs),
        },
      });
      if (count === 1) claimed.push({ ...c, attempts: c.attempts + 1 });
    }
    return claimed;
  }

  private async execute(job: { id: string; name: string; payload: string; attempts: number; maxAttempts: number }) {
    const handler = this.handlers.get(job.name)!;
    try {
      await handler(JSON.parse(job.payload), { id: job.id, name: job.name, attempt: job.attempts });
      await this.db.job.updateMany({
        where: { id: job.id, lockedBy: this.workerId },
        data: { state: "completed", completedAt: new Date(), lockedUntil: null },
      });
    } catch (error) {
      this.options.onError?.(error, job);
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.maxAttempts;
      await this.db.job.updateMany({
        where: { id: job.id, lockedBy: this.workerId },
        data: final
          ? { state: "failed", completedAt: new Date(), lastError: message, lockedUntil: null }
          : {
              state: "pending",
              runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
              lastError: message,
              lockedUntil: null,
            },
      });
    }
  }
}
