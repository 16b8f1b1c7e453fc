export { CUSTOMER_JOBS, recomputeShopById, registerCustomerJobs } from "./jobs.server";
export { dropRedactedScores, recomputeShop, rescoreCustomer } from "./scores.server";
export {
  customerDetail,
  customersBySegment,
  explainCustomer,
  exportBatches,
  listCustomers,
  segmentSummary,
  type CustomerRow,
} from "./list.server";
export { addCustomer, emailTaken, CUSTOMER_CREATE, userErrorsToFields } from "./create.server";
export { customersExport, customerExportColumns } from "./export.server";
