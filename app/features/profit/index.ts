export { MetricsError, MetricsGrid, MetricsSkeleton } from "./MetricsGrid";
export { TrendChart } from "./TrendChart";
export { EXPENSE_CATEGORIES, RECURRING_INTERVALS, fieldErrorsOf, formToObject, operatingExpenseSchema, productCostSchema } from "./costs-schema";
export type { FieldErrors } from "./costs-schema";
