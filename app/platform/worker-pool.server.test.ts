import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkerPool } from "~/platform/worker-pool.server";

// A plain JavaScript worker that doubles a number and says which thread did it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-pool-"));
const file = path.join(dir, "double.mjs");
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
});
