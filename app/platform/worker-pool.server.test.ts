import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createWorkerPool, PoolBusy, workerEntry } from "~/platform/worker-pool.server";

// A plain JavaScript worker. A number: doubled, with the thread that did it. A gate (an
// Int32Array on shared memory): waits until the test opens it. "exit": the thread dies.
// "priority": the thread's nice value.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-pool-"));
const file = path.join(dir, "double.mjs");
fs.writeFileSync(
  file,
  `import os from "node:os";
import { threadId } from "node:worker_threads";
export default async (task) => {
  if (task === "exit") process.exit(1);
  if (task === "priority") return os.getPriority();
  if (task instanceof Int32Array) {
    Atomics.wait(task, 0, 0);
    return "opened";
  }
  return { value: task * 2, threadId };
};
`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
});

type Result = { value: number; threadId: number };
type Task = number | Int32Array | "exit" | "priority";

describe("worker pool", () => {
  it("answers a task from a worker", async () => {
    const pool = createWorkerPool<Task, Result>({ file }, { size: 1 });
    expect((await pool.run(21)).value).toBe(42);
    await pool.close();
  });

  it("refuses a task past maxQueue at once, and runs the ones it took", async () => {
    const pool = createWorkerPool<Task, Result | string>({ file }, { size: 1, maxQueue: 2 });
    const gate = new Int32Array(new SharedArrayBuffer(4));
    // One runs (held at the gate) and two wait: the fourth is refused.
    const accepted = [pool.run(gate), pool.run(1), pool.run(2)];
    await expect(pool.run(3)).rejects.toBeInstanceOf(PoolBusy);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    expect(await Promise.all(accepted)).toMatchObject(["opened", { value: 2 }, { value: 4 }]);
    await pool.close();
  });

  it("fails the task of a worker that dies, and runs the next one on a new worker", async () => {
    const pool = createWorkerPool<Task, Result>({ file }, { size: 1 });
    const before = await pool.run(1);
    await expect(pool.run("exit")).rejects.toThrow("exited");
    const after = await pool.run(2);
    expect(after.value).toBe(4);
    expect(after.threadId).not.toBe(before.threadId);
    await pool.close();
  });

  it("runs its workers at the priority it is given", async () => {
    const pool = createWorkerPool<Task, number>({ file }, { nice: 19 });
    expect(await pool.run("priority")).toBe(19);
    await pool.close();
  });

  it("ends a worker idle for idleMs and keeps one used more often", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const pool = createWorkerPool<Task, Result>({ file }, { size: 1, idleMs: 60_000 });
    const first = await pool.run(1);
    vi.advanceTimersByTime(59_999);
    const second = await pool.run(2);
    expect(second.threadId).toBe(first.threadId);
    vi.advanceTimersByTime(59_999);
    expect((await pool.run(3)).threadId).toBe(first.threadId);
    vi.advanceTimersByTime(60_000);
    const third = await pool.run(4);
    expect(third.value).toBe(8);
    expect(third.threadId).not.toBe(first.threadId);
    await pool.close();
  });
});

describe("workerEntry", () => {
  it("runs a TypeScript entry from source through tsx", async () => {
    // .mts: an ES module wherever it is, as app/ is (package.json's "type").
    fs.writeFileSync(
      path.join(dir, "triple.mts"),
      `export default async (task: number): Promise<number> => task * 3;\n`,
    );
    const source = path.relative(process.cwd(), path.join(dir, "triple.mts"));
    const pool = createWorkerPool<number, number>(workerEntry("no-such-built-worker", source));
    expect(await pool.run(14)).toBe(42);
    await pool.close();
  });
});
