// The worker side of createWorkerPool: answers each `{ id, task }` with the handler's
// result or its error message.
import os from "node:os";
import { parentPort } from "node:worker_threads";

/**
 * `nice` lowers this thread's scheduling priority (Linux applies setpriority(0) to the
 * calling thread only), so background work yields the CPU to the request threads.
 */
export function runWorkerTasks<T, R>(handle: (task: T) => Promise<R>, { nice }: { nice?: number } = {}) {
  if (!parentPort) throw new Error("runWorkerTasks must run in a worker thread");
  if (nice !== undefined) {
    try {
      os.setPriority(nice);
    } catch {
      // Not permitted here: the work still runs, at normal priority.
    }
  }
  const port = parentPort;
  port.on("message", async ({ id, task }: { id: number; task: T }) => {
    try {
      const result = await handle(task);
      port.postMessage({ id, ok: true, result });
    } catch (error) {
      port.postMessage({ id, ok: false, error: error instanceof Error ? error.name : "error" });
    }
  });
}
