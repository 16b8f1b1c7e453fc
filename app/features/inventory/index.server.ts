// Inventory planning's server surface for routes, jobs and other features.
export { recomputeShop, reevaluateVariants } from "./recompute.server";
export { windowOf, type PlanningShop } from "./inputs.server";
export { thenReevaluate, variantsOfInventoryItem, variantsOfOrder } from "./webhooks.server";
export { inventoryListAction, type InventoryActionResult } from "./list-action.server";
export { alertCards, filterOptions, inventoryPage, listInventory, mathsOf, variantPlanView } from "./list.server";
export {
  PoError,
  cancelOrder,
  createDraftOrders,
  getPurchaseOrder,
  listPurchaseOrders,
  markOrdered,
  receiveOrder,
  renderPurchaseOrderPdf,
  updateDraftLines,
  type PurchaseOrderView,
} from "./purchase-orders.server";
export {
  assertVariantsOf,
  listSuppliers,
  saveShopPlanning,
  saveSupplier,
  deleteSupplier,
  openOrdersBySupplier,
  shopPlanningSettings,
  updatePlanning,
} from "./settings.server";
export { alertSentence, openAlertSummary, snoozeAlert } from "./alerts.server";
export { RECOMPUTE_JOB, registerInventoryJobs } from "./jobs.server";
export { inventoryCsv } from "./export.server";
export { addProduct } from "./products.server";
export { updatePriceCost } from "./pricing.server";
export { locationWeights, variantLocationPlans } from "./locations.server";
export { planFactsForInsights } from "./insight-reads.server";
export { availableOf, restocksBetween, type Restock } from "./restocks.server";
