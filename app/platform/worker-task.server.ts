// For a worker entry that registers its task handler instead of exporting it as default
// (the SQLite reader, app/platform/sqlite-read-worker.ts): app/platform/ts-worker.mjs hands
// the registered handler to the pool.
export const WORKER_TASK = Symbol.for("pp.workerTask");

export function runWorkerTasks<T, R>(handle: (task: T) => Promise<R>): void {
  (globalThis as { [WORKER_TASK]?: unknown })[WORKER_TASK] = handle;
}
