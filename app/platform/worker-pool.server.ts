// Worker threads for CPU-heavy work that must not hold up the request thread (rendering
// PDFs), on piscina. Bounded: at most `size` tasks run and `maxQueue` wait; past that a task
// is refused at once (PoolBusy) instead of queueing without end. A worker that dies is
// replaced; its task fails. With `idleMs`, a worker idle that long exits and gives its memory
// back; the next task starts another. A worker's entry exports its task handler as default.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Piscina } from "piscina";

export class PoolBusy extends Error {
  constructor() {
    super("All workers are busy");
    this.name = "PoolBusy";
  }
}

/** A worker thread's entry module, and the workerData it is started with. */
export type WorkerEntry = { file: string; workerData?: unknown };

/**
 * A worker thread's entry: the built JavaScript beside the server bundle in production
 * (build/server/<name>.mjs, from scripts/build-workers.mjs; the bundle's chunks are in
 * build/server/assets), the TypeScript source (a path from the project's root) through tsx
 * otherwise (app/platform/ts-worker.mjs).
 */
export function workerEntry(name: string, source: string): WorkerEntry {
  for (const candidate of [`./${name}.mjs`, `../${name}.mjs`]) {
    const built = new URL(candidate, import.meta.url);
    if (built.protocol === "file:" && fs.existsSync(fileURLToPath(built))) return { file: fileURLToPath(built) };
  }
  const entry = pathToFileURL(path.join(process.cwd(), source)).href;
  return { file: path.join(process.cwd(), "app", "platform", "ts-worker.mjs"), workerData: { entry } };
}

export type WorkerPool<T, R> = {
  run: (task: T) => Promise<R>;
  close: () => Promise<void>;
};

// piscina's refusals when every worker is busy and the queue is full (its errors have no code).
const QUEUE_FULL = new Set(["Task queue is at limit", "No task queue available and all Workers are busy"]);

/**
 * `nice` lowers the workers' scheduling priority (on Linux, per thread), so background work
 * yields the CPU to the request threads; it applies before the entry is loaded. `depth` is how
 * many tasks a worker is given at once.
 */
export function createWorkerPool<T, R>(
  entry: WorkerEntry | (() => WorkerEntry),
  {
    size = 1,
    maxQueue = 16,
    idleMs,
    depth = 1,
    nice = 0,
  }: { size?: number; maxQueue?: number; idleMs?: number; depth?: number; nice?: number } = {},
): WorkerPool<T, R> {
  const { file, workerData } = typeof entry === "function" ? entry() : entry;
  const pool = new Piscina<T, R>({
    filename: file,
    workerData,
    minThreads: 0,
    maxThreads: size,
    maxQueue,
    concurrentTasksPerWorker: depth,
    idleTimeout: idleMs ?? Infinity,
    niceIncrement: nice,
  });
  // A worker that fails between tasks has no task to fail; the next task starts another.
  pool.on("error", () => {});
  return {
    run: (task) =>
      pool.run(task).catch((error: unknown) => {
        throw error instanceof Error && QUEUE_FULL.has(error.message) ? new PoolBusy() : error;
      }),
    close: () => pool.destroy(),
  };
}
