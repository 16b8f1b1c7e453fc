// A small pool of worker threads for CPU-heavy work that must not hold up the request
// thread (rendering PDFs). Bounded: at most `size` tasks run and `maxQueue` wait; past
// that a task is refused at once (PoolBusy) instead of queueing without end. A worker
// that dies is replaced; its task fails. With `idleMs`, a worker idle that long exits and
// gives its memory back; the next task starts another. With `depth`, a worker is given up to
// that many tasks at once and runs them in order: its next task does not wait until this
// thread's event loop hears that the last one ended (a thread busy in synchronous work, such as
// a recompute between its reads, hears nothing until it yields).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export class PoolBusy extends Error {
  constructor() {
    super("All workers are busy");
    this.name = "PoolBusy";
  }
}

type Entry = { file: string | URL; workerData?: unknown };

/**
 * A worker thread's entry: the built JavaScript beside the server bundle in production
 * (build/server/<name>.mjs, from scripts/build-workers.mjs; the bundle's chunks are in
 * build/server/assets), the TypeScript source (a path from the project's root) through tsx
 * otherwise.
 */
export function workerEntry(name: string, source: string): Entry {
  for (const candidate of [`./${name}.mjs`, `../${name}.mjs`]) {
    const built = new URL(candidate, import.meta.url);
    if (built.protocol === "file:" && fs.existsSync(fileURLToPath(built))) return { file: built };
  }
  const entry = pathToFileURL(path.join(process.cwd(), source)).href;
  return { file: path.join(process.cwd(), "app", "platform", "ts-worker.mjs"), workerData: { entry } };
}
type Pending = { id: number; task: unknown; resolve: (value: unknown) => void; reject: (error: Error) => void };
/** `sent`: the tasks posted to the worker and not answered yet, in the order it runs them. */
type Slot = { worker: Worker; sent: Pending[]; idle: NodeJS.Timeout | null };

export type WorkerPool<T, R> = {
  run: (task: T) => Promise<R>;
  close: () => Promise<void>;
  stats: () => { workers: number; busy: number; queued: number };
};

/**
 * Workers receive `{ id, task }` and answer `{ id, ok: true, result }` or
 * `{ id, ok: false, error }` (see runWorkerTasks).
 */
export function createWorkerPool<T, R>(
  entry: () => Entry,
  {
    size = 1,
    maxQueue = 16,
    idleMs,
    depth = 1,
  }: { size?: number; maxQueue?: number; idleMs?: number; depth?: number } = {},
): WorkerPool<T, R> {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const { file, workerData } = entry();
    const worker = new Worker(file, { workerData });
    worker.unref();
    const slot: Slot = { worker, sent: [], idle: null };
    worker.on("message", (message: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const job = slot.sent[0];
      if (!job || job.id !== message.id) return;
      slot.sent.shift();
      if (message.ok) job.resolve(message.result);
      else job.reject(new Error(message.error ?? "worker task failed"));
      pump();
    });
    const fail = (error: Error) => {
      for (const job of slot.sent.splice(0)) job.reject(error);
      const index = slots.indexOf(slot);
      if (index !== -1) slots.splice(index, 1);
      if (!closed) pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`worker exited with code ${code}`)));
    slots.push(slot);
    return slot;
  };

  const retire = (slot: Slot) => {
    slot.idle = null;
    const index = slots.indexOf(slot);
    if (slot.sent.length || index === -1) return;
    slots.splice(index, 1);
    void slot.worker.terminate();
  };

  const pump = () => {
    while (queue.length) {
      let slot = slots.find((s) => !s.sent.length);
      if (!slot && slots.length < size) slot = spawn();
      // Every worker busy: the least loaded one that can take another.
      slot ??= slots.reduce<Slot | undefined>((a, s) => (!a || s.sent.length < a.sent.length ? s : a), undefined);
      if (!slot || slot.sent.length >= depth) return;
      const job = queue.shift()!;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.sent.push(job);
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task });
    }
    for (const s of slots) {
      if (s.sent.length) continue;
      s.worker.unref();
      if (idleMs !== undefined && !s.idle && !closed) s.idle = setTimeout(() => retire(s), idleMs).unref();
    }
  };

  const busyWorkers = () => slots.filter((s) => s.sent.length).length;
  // Tasks not running yet: queued here, or posted to a worker behind its current one.
  const waiting = () => queue.length + slots.reduce((n, s) => n + Math.max(0, s.sent.length - 1), 0);

  return {
    run(task: T) {
      if (closed) return Promise.reject(new Error("pool closed"));
      if (busyWorkers() >= size && waiting() >= maxQueue) return Promise.reject(new PoolBusy());
      return new Promise<R>((resolve, reject) => {
        queue.push({ id: nextId++, task, resolve: resolve as (v: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const s of slots) if (s.idle) clearTimeout(s.idle);
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
    stats: () => ({ workers: slots.length, busy: busyWorkers(), queued: waiting() }),
  };
}
