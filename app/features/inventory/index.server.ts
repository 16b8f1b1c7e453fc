// Inventory planning's server surface for routes, jobs and other features.
export { recomputeShop, reevaluateVariants, windowOf, type PlanningShop } from "./recompute.server";
export { thenReevaluate, variantsOfInventoryItem, variantsOfOrder } from "./webhooks.server";
