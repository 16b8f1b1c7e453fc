export { PlanCards } from "./PlanCards";
export {
  ANNUAL_DISCOUNT_LABEL,
  COMPARISON_ROWS,
  PLANS,
  PLAN_ORDER,
  annualSaving,
  checkExportFormat,
  checkPlanLimit,
  planFor,
  priceView,
  wholeUsd,
} from "./plans";
export type { BillingCycle, PlanId } from "./plans";
