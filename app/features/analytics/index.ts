export {
  BREAKDOWN_KEYS,
  BREAKDOWN_METRICS,
  shareOf,
  type BreakdownKey,
  type FigureKey,
  computeMetrics,
  EMPTY_INPUTS,
  glossaryHref,
  isMetricKey,
  METRIC_KEYS,
  METRICS,
  TIME_ZONE_RULE,
  type MetricDefinition,
  type MetricInputs,
  type MetricKey,
  type MetricUnit,
  type MetricValues,
} from "./metrics";
export {
  analyticsPeriods,
  COMPARISON_TITLES,
  COMPARISONS,
  parseAnalyticsQuery,
  TIMEFRAME_DAYS,
  TIMEFRAME_KEYS,
  TIMEFRAME_TITLES,
  type Comparison,
  type TimeframeKey,
} from "./periods";
export { Glossary } from "./components/Glossary";
export { apiFigures, type ApiFigure } from "./api";
export { SYNC_MESSAGES, type SyncStatus } from "./shopifyql";
export { DEFAULT_CARDS, FigureCards, formatFigure, HowCalculated } from "./components/FigureCards";
export { OrderTrends } from "./components/OrderTrends";
export { TopRegions, TrafficSources } from "./components/TrafficCards";
export { MarketingCard } from "./components/MarketingCard";
export { ConversionFunnel } from "./components/ConversionFunnel";
export { ExportData } from "./components/ExportData";
export { SavedDashboards, type DashboardActionResult } from "./components/SavedDashboards";
export { dashboardSchema, DASHBOARD_NAME_MAX } from "./dashboards-schema";
