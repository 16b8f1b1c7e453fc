export {
  dailyMetrics,
  getAnalytics,
  getAnalyticsCached,
  type Analytics,
  type AnalyticsOptions,
  type CountryRow,
  type FunnelStep,
  type SourceRow,
} from "./analytics.server";
export { trafficForInsights } from "./insight-reads.server";
export { getMarketing, pnlAdFigures, type ChannelRow, type Marketing } from "./marketing.server";
export { analyticsExport, EXPORT_SHEETS, type ExportSheetName } from "./export.server";
export {
  backfillTraffic,
  ImportStillRunning,
  queueTrafficBackfill,
  registerAnalyticsJobs,
  syncTraffic,
  TRAFFIC_BACKFILL_JOB,
  TRAFFIC_JOB,
  trafficStatus,
} from "./shopifyql.server";
export {
  createDashboard,
  dashboardAction,
  dashboardAllowance,
  deleteDashboard,
  getDashboard,
  listDashboards,
  renameDashboard,
  type SavedDashboard,
} from "./dashboards.server";
