export { MetricsError, MetricsGrid, MetricsSkeleton } from "./MetricsGrid";
export { TrendChart } from "./TrendChart";
export { TopProductsCard } from "./components/TopProductsCard";
export { RevenueTrendCard } from "./components/RevenueTrendCard";
export { EXPENSE_CATEGORIES, operatingExpenseSchema, productCostSchema } from "./costs-schema";
export { EXPENSE_INTERVALS } from "./profit";
export {
  COSTS_INTENTS,
  COSTS_PAGE_SIZE,
  COSTS_TOASTS,
  COST_PAGES,
  type CostsActionResult,
} from "./components/costs-screen";
export { CostsSummary } from "./components/CostsSummary";
export { ExpensesCard, ProductCostsCard } from "./components/CostTables";
export { MissingCosts } from "./components/MissingCosts";
export { CostsDialogs, type CostsDialogState } from "./components/CostsDialogs";
export { PnlCard } from "./components/PnlCard";
export { BreakdownModal } from "./components/BreakdownModal";
export { ChangeIndicator } from "./components/ChangeIndicator";
export { TIMEFRAME_LABELS, TimeframeSelect } from "./components/TimeframeSelect";
export { missingCostSentence } from "./missing-costs";
export { trendNote, trendPointLabel, type WeekStart } from "./trend-buckets";
export {
  AOV_BASIS,
  averageOrderValue,
  computeProfit,
  EMPTY_TOTALS,
  addTotals,
  expensesByDay,
  expensesInRange,
  type ExpenseInput,
  type PeriodTotals,
  type ProfitFigures,
} from "./profit";
export { buildPnl, withAdFigures, type AdFigure, type PnlLine } from "./pnl";
export {
  AD_CHANNEL_KEYS,
  AD_CHANNEL_NAMES,
  adChannelOf,
  channelLabel,
  CLICK_IDS,
  SEARCH_CHANNELS,
  type AdChannelKey,
} from "./ad-channels";
export { METRIC_TITLES } from "./MetricsGrid";
export { honestChange, isComparable, type Polarity } from "./comparison";
export { bucketTrend, bucketSizeFor, type Trend, type TrendPoint } from "./trend-buckets";
export { effectiveUnitCost, type CostChangeSold } from "./costs-rule";
export { splitRange } from "./rollup-ranges";
export { FeeGatewaysCard, type FeeGatewayRow } from "./components/FeeGatewaysCard";
export { FeeRuleDialog } from "./components/FeeRuleDialog";
export { ConfirmDeleteDialog } from "./components/ConfirmDeleteDialog";
export { feeRuleSchema } from "./fee-rules-schema";
export { adSpendAmountSchema, adSpendSchema } from "./ad-spend-schema";
export type { ImportActionResult, ImportSummary } from "./import-summary";
export type { AdSpendPlanRow } from "./ad-spend-import";
export type { CostPlanRow } from "./cost-import";
export { AdSpendCard, type AdSpendRow } from "./components/AdSpendCard";
export { CsvImportCard } from "./components/CsvImportCard";
export { ProductCostsBulkCard } from "./components/ProductCostsBulkCard";
export { ORDER_PROFIT_SELECT, orderNetProfitMinor, orderProfitFigures, type OrderProfitInput } from "./order-profit";
export {
  CHANNEL_LABELS,
  MISSING_LABELS,
  ORDERS_PAGE_SIZE,
  ordersQueryParams,
  parseOrdersQuery,
  type OrdersQuery,
} from "./orders-view";
export { OrdersProfitControls } from "./components/OrdersProfitControls";
export { OrdersProfitTable } from "./components/OrdersProfitTable";
export { OrderProfitBreakdown } from "./components/OrderProfitBreakdown";
export {
  ALLOCATION_NOTE,
  PRODUCT_TIMEFRAMES,
  parseProductsQuery,
  productsQueryParams,
  type ProductsQuery,
} from "./products-report";
export { ProductsProfitControls } from "./components/ProductsProfitControls";
export { ProductsProfitTable } from "./components/ProductsProfitTable";
export { shopifyCostsSchema } from "./shopify-costs-schema";
export { COST_SOURCES, type CostSource, type PushRow, type ShopifyCostsInput } from "./shopify-costs-schema";
export { summariseImport } from "./import-summary";
export { ShopifyCostsCard } from "./components/ShopifyCostsCard";
export { ShippingRulesCard, type ShippingCoverage } from "./components/ShippingRulesCard";
export { ShippingRuleDialog, type ShippingRuleValues } from "./components/ShippingRuleDialog";
export { shippingRuleSchema, type ShippingRuleInput } from "./shipping-rules-schema";
export type { LabelPlanRow } from "./label-import";
export { SHIPPING_SOURCES, type ShippingSource } from "./shipping-costs";
export { ReestimateBanner } from "./components/ReestimateBanner";
export { RETRY_REESTIMATE, RULE_SAVED_TOAST, type ReestimateStatus } from "./reestimate";
