// Starts a worker thread from TypeScript source (development and tests): registers tsx's
// loader in this thread, then imports the entry given in workerData and gives the pool its
// task handler (app/platform/worker-pool.server.ts). Production runs the built JavaScript instead.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const entry = await import(workerData.entry);

// The entry's default export, or the handler it registered (app/platform/worker-task.server.ts).
export default entry.default ?? globalThis[Symbol.for("pp.workerTask")];
