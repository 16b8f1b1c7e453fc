// The telemetry feature's browser-safe surface: the Performance tab, the dashboard card,
// the Web Vitals reporter the admin layout mounts, and the /api/vitals body schema.
export { PerformancePanel } from "./components/PerformancePanel";
export { PerformanceCard } from "./components/PerformanceCard";
export { VitalsReporter } from "./components/VitalsReporter";
export { VITALS_BODY_LIMIT, vitalsBodySchema, type VitalsBody } from "./vitals-schema";
export type { PerformanceReport } from "./figures";
