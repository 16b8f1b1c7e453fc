// Invoice automation on the job queue (filled in below).
import type { JobQueue } from "../services/jobs/types";

export function registerInvoiceJobs(_queue: JobQueue) {}
