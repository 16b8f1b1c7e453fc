// The insight engine's browser-safe surface: the schemas, labels and the screen's components.
export { CATEGORIES, TABS, type Category, type TabId } from "./types";
export { BAND_TONE } from "./confidence";
export { DISMISS_REASONS, DISMISS_REASON_LABELS } from "./lifecycle";
export { generateBodySchema, insightActionSchema, type InsightAction } from "./schema";
export type { InsightActionResult } from "./schema";
export { InsightsScreen } from "./components/InsightsScreen";
export { InsightHistoryScreen } from "./components/InsightHistory";
export { InsightsDashboardCard, type DashboardInsights } from "./components/InsightsDashboardCard";
