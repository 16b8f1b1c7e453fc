export { MetricsError, MetricsGrid, MetricsSkeleton } from "./MetricsGrid";
export { TrendChart } from "./TrendChart";
export { EXPENSE_CATEGORIES, operatingExpenseSchema, productCostSchema } from "./costs-schema";
export { EXPENSE_INTERVALS } from "./profit";
