import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkerPool } from "~/platform/worker-pool.server";

// A plain JavaScript worker that doubles a number and says which thread did it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-pool-"));
const file = path.join(dir, "double.mjs");
// One that says when it started and ended each task, which takes `task` ms.
const slow = path.join(dir, "slow.mjs");
fs.writeFileSync(
  slow,
  `import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, task }) => {
  const started = Date.now();
  while (Date.now() - started < task);
  parentPort.postMessage({ id, ok: true, result: { started, ended: Date.now() } });
});
`,
);
fs.writeFileSync(
  file,
  `import { parentPort, threadId } from "node:worker_threads";
parentPort.on("message", ({ id, task }) => parentPort.postMessage({ id, ok: true, result: { value: task * 2, threadId } }));
`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Result = { value: number; threadId: number };
const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("worker pool", () => {
  it("starts no worker before the first task", async () => {
    const pool = createWorkerPool<number, Result>(() => ({ file }), { size: 1 });
    expect(pool.stats().workers).toBe(0);
    expect((await pool.run(21)).value).toBe(42);
    expect(pool.stats().workers).toBe(1);
    await pool.close();
  });

  it("ends a worker idle for idleMs and starts another for the next task", async () => {
    const pool = createWorkerPool<number, Result>(() => ({ file }), { size: 1, idleMs: 50 });
    const first = await pool.run(1);
    expect(pool.stats().workers).toBe(1);
    await until(() => pool.stats().workers === 0);
    const second = await pool.run(2);
    expect(second.value).toBe(4);
    expect(second.threadId).not.toBe(first.threadId);
    await pool.close();
  });

  it("keeps a worker that gets tasks more often than idleMs", async () => {
    const pool = createWorkerPool<number, Result>(() => ({ file }), { size: 1, idleMs: 1_000 });
    const first = await pool.run(1);
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await pool.run(i)).threadId).toBe(first.threadId);
    }
    await pool.close();
  });

  it("with depth, gives a busy worker its next tasks at once, so they do not wait for this thread", async () => {
    type Span = { started: number; ended: number };
    const spans = async (depth: number) => {
      const pool = createWorkerPool<number, Span>(() => ({ file: slow }), { size: 1, depth });
      await pool.run(0);
      const runs = [pool.run(50), pool.run(50), pool.run(50)];
      expect(pool.stats()).toEqual({ workers: 1, busy: 1, queued: 2 });
      // This thread is busy for 400 ms and hears nothing from the worker meanwhile.
      const busyUntil = Date.now() + 400;
      while (Date.now() < busyUntil);
      const got = await Promise.all(runs);
      await pool.close();
      return { got, busyUntil };
    };
    const piped = await spans(3);
    // The worker went from one task to the next while this thread was busy.
    expect(piped.got[2]!.ended).toBeLessThan(piped.busyUntil);
    expect(piped.got[1]!.started).toBeGreaterThanOrEqual(piped.got[0]!.ended);
    expect(piped.got[2]!.started).toBeGreaterThanOrEqual(piped.got[1]!.ended);
    // Without, the second task is sent only once this thread has heard that the first ended.
    const one = await spans(1);
    expect(one.got[1]!.started).toBeGreaterThanOrEqual(one.busyUntil);
  });

  it("refuses a task past maxQueue, counting those a worker holds behind its current one", async () => {
    const pool = createWorkerPool<number, Result>(() => ({ file: slow }), { size: 1, depth: 2, maxQueue: 2 });
    const accepted = [pool.run(30), pool.run(30), pool.run(30)];
    await expect(pool.run(30)).rejects.toThrow("busy");
    expect(pool.stats()).toEqual({ workers: 1, busy: 1, queued: 2 });
    await Promise.all(accepted);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
    await pool.close();
  });
});
