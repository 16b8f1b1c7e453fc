// Inventory planning's browser-safe surface (docs/decisions/054-inventory-planning.md).
export {
  DEAD_STOCK_DAYS,
  INVENTORY_STATUSES,
  PLANNING_DEFAULTS,
  STATUS_LABELS,
  explainPlan,
  planVariant,
  type InventoryStatus,
  type Plan,
  type PlanningSettings,
} from "./planning";
