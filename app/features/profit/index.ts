export { MetricsError, MetricsGrid, MetricsSkeleton } from "./MetricsGrid";
export { TrendChart } from "./TrendChart";
export { EXPENSE_CATEGORIES, operatingExpenseSchema, productCostSchema } from "./costs-schema";
export { EXPENSE_INTERVALS } from "./profit";
export { COSTS_TOASTS, type CostsActionResult } from "./components/costs-screen";
export { CostsSummary } from "./components/CostsSummary";
export { ExpensesCard, MissingCosts, ProductCostsCard } from "./components/CostTables";
export { ExpenseDialog } from "./components/ExpenseDialog";
export { ProductCostDialog } from "./components/ProductCostDialog";
