// The insight engine's server surface for routes, jobs and the dashboard.
export {
  GENERATE_JOB,
  NIGHTLY_JOB,
  executeRun,
  getRun,
  lastRun,
  latestRun,
  openRun,
  queueNightlyRuns,
  registerInsightJobs,
  requestRun,
} from "./runs.server";
export type { RunView } from "./runs.server";
export {
  closedInsights,
  insightHistory,
  listInsights,
  type InsightHistory,
  type InsightList,
  type InsightView,
} from "./list.server";
export { InsightError, actOnInsight } from "./actions.server";
export { generateInsights } from "./generate.server";
export { dashboardInsights } from "./dashboard.server";
