export {
  addOperatingExpense,
  addProductCost,
  expenseDto,
  listOperatingExpenses,
  listProductCosts,
  listUncostedVariants,
  productCostDto,
} from "./costs.server";
export { countUncostedProducts, getDashboardCached, getProfitComparison, parseTimeframe } from "./dashboard.server";
export { applyOrderChange, loadOrderState, rebuildRollups, recordRefund } from "./rollups.server";
