export {
  CostNotFound,
  addOperatingExpense,
  addProductCost,
  auditedCostChange,
  deleteOperatingExpense,
  deleteProductCost,
  expenseDto,
  getOperatingExpense,
  getProductCost,
  listOperatingExpenses,
  listOperatingExpensesAfter,
  listProductCosts,
  listProductCostsAfter,
  pageOfOperatingExpenses,
  pageOfProductCosts,
  productCostDto,
  updateOperatingExpense,
  updateProductCost,
} from "./costs.server";
export {
  getDashboardCached,
  getDayFigures,
  getProfitComparison,
  parseTimeframe,
  todayFor,
  type DashboardOptions,
} from "./dashboard.server";
export { rederiveDays } from "./rebucket.server";
export { costChangesSold } from "./cost-changes.server";
export type { CostChangeSold } from "./costs-rule";
export { missingCosts } from "./missing-costs.server";
export { missingCostSentence } from "./missing-costs";
export { getBreakdown, getProfitAndLoss, type Breakdown, type ProfitAndLoss } from "./pnl.server";
export { rebuildRollups, recordRefund } from "./rollups.server";
export { applyOrderChange, loadOrderState } from "./order-rollups.server";
export { setLoyaltyCostDay } from "./rollup-bumps.server";
export { setAdSpendDays } from "./ad-spend-days.server";
export { overridesFor } from "./costs-rule";
export { firstDataDay, loadExpenses, loadRollups } from "./dashboard.server";
export {
  SHOPIFY_PAYMENTS,
  joinGateways,
  resolveFee,
  rulesByGateway,
  type FeeResult,
  type FeeRule,
  type FeeSource,
} from "./payment-fees";
export {
  FeeRuleNotFound,
  deleteFeeRule,
  feeGateways,
  listFeeRules,
  reestimateFees,
  saveFeeRule,
  type FeeRuleDto,
} from "./fee-rules.server";
export {
  addAdSpend,
  connectedChannels,
  deleteAdSpend,
  lastImport,
  pageOfAdSpend,
  updateAdSpend,
} from "./ad-spend.server";
export { CostsRefused } from "./refused";
export { costExportResponse } from "./cost-import.server";
export { assertAppOwnsCosts, getCostSource, setCostSource, shopifyCostsState } from "./cost-source.server";
export { applyCostImport, applyPlannedCosts, undoCostImport, variantsOf } from "./cost-import.server";
export { importIntent, type ImportKind } from "./imports.server";
export {
  listOrderProfits,
  orderBreakdown,
  orderProfitPages,
  type OrderBreakdown,
  type OrderProfitPage,
  type OrderProfitRow,
} from "./orders-view.server";
export { orderProfitExport } from "./orders-export.server";
export {
  productProfitExport,
  productProfitPage,
  productProfits,
  sortProductRows,
  topProductsByProfit,
  type ProductProfitPage,
  type TopProductByProfit,
  type ProductProfitRow,
} from "./products-report.server";
export { planShopifyCostImport, pushCandidates, type ShopifyCost } from "./shopify-costs";
export {
  ShippingRuleNotFound,
  deleteShippingRule,
  listShippingRules,
  reestimateShipping,
  saveShippingRule,
  shippingCoverage,
  shippingRuleSetOf,
  type ShippingRuleDto,
} from "./shipping-rules.server";
export { applyLabelImport } from "./label-import.server";
export { registerProfitJobs, runReestimate } from "./reestimate-jobs.server";
export {
  ALL_GATEWAYS,
  REESTIMATE_JOB,
  reestimateStatus,
  requestReestimate,
  type ReestimateKind,
  type ReestimateStatus,
} from "./reestimate-request.server";
export { resolveShipping, type ShippingResult, type ShippingRuleSet } from "./shipping-costs";
