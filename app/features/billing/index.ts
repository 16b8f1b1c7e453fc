export { PlanCards } from "./PlanCards";
export {
  ANNUAL_DISCOUNT_LABEL,
  COMPARISON_ROWS,
  PLANS,
  PLAN_ORDER,
  annualSaving,
  checkExportFormat,
  planFor,
  priceView,
  wholeUsd,
} from "./plans";
export type { BillingCycle, PlanId } from "./plans";
export { PlanSettings, type PlanSettingsData } from "./components/PlanSettings";
