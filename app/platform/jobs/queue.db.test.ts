// The job queue on the engine DATABASE_URL picks (SQLite: croner + Job table;
// PostgreSQL: pg-boss). Two queue objects play two app instances on one database.
import { afterAll, describe, expect, it } from "vitest";
import { dialect } from "~/db.server";
import { createJobQueue } from "~/platform/jobs/index.server";
import type { JobQueue } from "~/platform/jobs/types";

const queues: JobQueue[] = [];
function instance(): JobQueue {
  const q = createJobQueue();
  queues.push(q);
  return q;
}

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`job queue on ${dialect}`, () => {
  it("uses pg-boss on PostgreSQL and the Job table on SQLite", () => {
    expect(createJobQueue().engine).toBe(dialect === "postgresql" ? "pg-boss" : "sqlite");
  });

  it("runs each job exactly once when two instances claim at the same time", async () => {
    const runs = new Map<number, string[]>();
    const [a, b] = [instance(), instance()];
    for (const [label, q] of [
      ["a", a],
      ["b", b],
    ] as const) {
      q.register<{ n: number }>("test.once", async ({ n }) => {
        runs.set(n, [...(runs.get(n) ?? []), label]);
        await sleep(2);
      });
    }
    for (let n = 0; n < 40; n++) await a.enqueue("test.once", { n });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(40);
    expect(runs.size).toBe(40);
    for (const who of runs.values()) expect(who).toHaveLength(1);
  });

  it("enqueues a singleton key once", async () => {
    const q = instance();
    let count = 0;
    q.register("test.singleton", async () => void count++);
    const first = await q.enqueue("test.singleton", {}, { singletonKey: "reminder:inv1:3" });
    const second = await q.enqueue("test.singleton", {}, { singletonKey: "reminder:inv1:3" });
    const other = await q.enqueue("test.singleton", {}, { singletonKey: "reminder:inv1:7" });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
    await q.runDue();
    expect(count).toBe(2);
    // Still deduplicated after it ran.
    expect(await q.enqueue("test.singleton", {}, { singletonKey: "reminder:inv1:3" })).toBeNull();
  });

  it("leaves a job with a future runAt alone", async () => {
    const q = instance();
    let count = 0;
    q.register("test.later", async () => void count++);
    await q.enqueue("test.later", {}, { runAt: new Date(Date.now() + 3_600_000) });
    expect(await q.runDue()).toBe(0);
    expect(count).toBe(0);
  });

  it("keeps a failed job for a later retry instead of losing it", async () => {
    const q = instance();
    let attempts = 0;
    q.register("test.flaky", async (_p, meta) => {
      attempts++;
      expect(meta.attempt).toBe(attempts);
      throw new Error("temporary");
    });
    await q.enqueue("test.flaky", {}, { maxAttempts: 3 });
    expect(await q.runDue()).toBe(1);
    expect(attempts).toBe(1);
    // The retry waits for its backoff, so it is not due yet.
    expect(await q.runDue()).toBe(0);
  });

  it("processes jobs in the background once started", async () => {
    const q = instance();
    const seen: string[] = [];
    q.register<{ v: string }>("test.background", async ({ v }) => void seen.push(v));
    await q.start();
    await q.enqueue("test.background", { v: "hello" });
    const deadline = Date.now() + 15_000;
    while (!seen.length && Date.now() < deadline) await sleep(100);
    await q.stop();
    expect(seen).toEqual(["hello"]);
  });
});
