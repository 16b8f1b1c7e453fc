// Starts a worker thread from TypeScript source (development and tests): registers tsx's
// loader in this thread, then imports the entry given in workerData. Production runs
// the built JavaScript instead.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
