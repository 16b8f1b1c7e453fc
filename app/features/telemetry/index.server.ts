// The telemetry feature's server surface: recording (the composition root turns it on),
// the Web Vitals intake, the rollup job and the 7-day report.
export { flushTelemetry, recordVitals, startRecording } from "./recorder.server";
export { registerTelemetryJobs, TELEMETRY_JOBS } from "./jobs.server";
export { rollupAll, rollupShop } from "./rollup.server";
export { getPerformance, getPerformanceCached, PERIOD_DAYS } from "./performance.server";
