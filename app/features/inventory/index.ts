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
export {
  ALERT_FILTERS,
  INVENTORY_PAGE_SIZE,
  SORTS,
  STATUS_FILTERS,
  advancedCount,
  filtersFromSearch,
  inventoryFiltersSchema,
  type InventoryFilters,
} from "./filters";
export {
  PO_STATUSES,
  PO_STATUS_LABELS,
  PO_TONES,
  canDo,
  draftLinesSchema,
  poNumber,
  receiveSchema,
  type PoStatus,
} from "./purchase-order-rules";
export {
  VELOCITY_WINDOWS,
  bulkSchema,
  planningChangesSchema,
  shopPlanningSchema,
  supplierSchema,
  type PlanningChanges,
} from "./settings-schema";
export { AlertCards, type AlertCardData } from "./components/AlertCards";
export { FiltersBar, type FilterOptions } from "./components/FiltersBar";
export { StockAlertBanner } from "./components/StockAlertBanner";
export { InventoryTable, type InventoryListRow } from "./components/InventoryTable";
export { coverText, columnsFromSearch, type OptionalColumn } from "./components/inventory-columns";
export { ColumnPicker } from "./components/ColumnPicker";
export { BulkActionsMenu } from "./components/BulkActionsMenu";
export { DeleteSupplierDialog } from "./components/DeleteSupplierDialog";
export { SupplierActions } from "./components/SupplierActions";
export { BulkEditModal } from "./components/BulkEditModal";
export { SupplierDialog, type SupplierDraft } from "./components/SupplierDialog";
export { PurchaseOrderScreen, type PurchaseOrderScreenProps } from "./components/PurchaseOrderScreen";
export { addProductSchema, priceCostSchema, type AddProductInput, type PriceCostInput } from "./product-schema";
export { VariantFigures, STATUS_TONES } from "./components/VariantFigures";
export { PlanningSettingsForm, type PlanningSettingsValues } from "./components/PlanningSettingsForm";
export { PriceCostCard, type PriceCostValues } from "./components/PriceCostCard";
export { LocationFigures, type LocationFiguresRow } from "./components/LocationFigures";
