// Recording without slowing requests: each measured request (and each Web Vitals report)
// is pushed onto an in-memory buffer of this process; a timer writes the buffer in one
// createMany per table every few seconds, or sooner once it holds FLUSH_AT samples, always
// outside the request that filled it. The stored rows are shared by every worker and
// instance. A write that fails drops its batch (figures are statistics, not records).
import { insertRows, prisma } from "~/db.server";
import { env } from "~/env.server";
import { describeError } from "~/lib/log-safe";
import { bulkId } from "~/platform/bulk-rows.server";
import { outsideRequest, setRequestObserver, type ObservedRequest } from "~/platform/request-timing.server";
import type { VitalMetric } from "~/features/telemetry/stats";

const FLUSH_EVERY_MS = 5_000;
const FLUSH_AT = 500;
/** Beyond this (the database is down), the oldest samples are dropped. */
const MAX_BUFFERED = 20_000;

type VitalRow = { shopId: string; at: Date; metric: VitalMetric; value: number };

type Recorder = {
  requests: ObservedRequest[];
  vitals: VitalRow[];
  timer: ReturnType<typeof setInterval> | null;
  flushing: Promise<number> | null;
  soon: boolean;
};

const g = globalThis as typeof globalThis & { __telemetryRecorder?: Recorder };
const recorder = (g.__telemetryRecorder ??= { requests: [], vitals: [], timer: null, flushing: null, soon: false });

function cap<T>(rows: T[]) {
  if (rows.length > MAX_BUFFERED) rows.splice(0, rows.length - MAX_BUFFERED);
}

function flushSoon() {
  if (recorder.soon) return;
  recorder.soon = true;
  outsideRequest(() =>
    setImmediate(() => {
      recorder.soon = false;
      void flushTelemetry();
    }),
  );
}

/** The request observer: O(1), no I/O. */
export function recordRequest(request: ObservedRequest): void {
  recorder.requests.push(request);
  cap(recorder.requests);
  if (recorder.requests.length >= FLUSH_AT) flushSoon();
}

/** A page's Web Vitals, as POST /api/vitals received them. */
export function recordVitals(shopId: string, metrics: { name: VitalMetric; value: number }[], at = new Date()): void {
  for (const m of metrics) recorder.vitals.push({ shopId, at, metric: m.name, value: m.value });
  cap(recorder.vitals);
  if (recorder.vitals.length >= FLUSH_AT) flushSoon();
}

async function writeBuffered(): Promise<number> {
  const requests = recorder.requests.splice(0);
  const vitals = recorder.vitals.splice(0);
  try {
    // One INSERT per table and batch (insertRows): through the model's createMany, Prisma's query
    // compiler cost about 0.26 ms of CPU per sample, a few percent of the requests being measured.
    if (requests.length)
      await insertRows(
        prisma,
        "RequestSample",
        ["id", "shopId", "at", "kind", "status", "serverMs", "dbMs", "dbQueries", "staffKey"],
        requests.map((r) => ({ id: bulkId(), ...r })),
      );
    if (vitals.length)
      await insertRows(
        prisma,
        "VitalSample",
        ["id", "shopId", "at", "metric", "value"],
        vitals.map((v) => ({ id: bulkId(), ...v })),
      );
  } catch (error) {
    // A shop uninstalled (and erased) since its request was measured fails the whole batch: drop it.
    console.error(`[telemetry] dropped ${requests.length + vitals.length} samples: ${describeError(error)}`);
    return 0;
  }
  return requests.length + vitals.length;
}

/** Writes what is buffered (one write at a time); the number of samples written. */
export function flushTelemetry(): Promise<number> {
  if (recorder.flushing) return recorder.flushing.then(() => flushTelemetry());
  if (!recorder.requests.length && !recorder.vitals.length) return Promise.resolve(0);
  recorder.flushing = outsideRequest(() => writeBuffered()).finally(() => (recorder.flushing = null));
  return recorder.flushing;
}

/**
 * Turns measuring on for this process (the server entry loads the composition root, which
 * calls this), unless TELEMETRY=off. Returns whether it is on.
 */
export function startRecording(): boolean {
  if (!env.telemetry.enabled || env.nodeEnv === "test") return false;
  setRequestObserver(recordRequest);
  recorder.timer ??= outsideRequest(() => setInterval(() => void flushTelemetry(), FLUSH_EVERY_MS));
  recorder.timer.unref?.();
  return true;
}
