export { CUSTOMER_JOBS, recomputeShopById, registerCustomerJobs, requestTagSync } from "./jobs.server";
export { pendingTagChanges, segmentTag, setSegmentTagging, syncSegmentTags, tagSettings } from "./tags.server";
export { dropRedactedScores, getSegmentSettings, saveSegmentSettings } from "./score-store.server";
export { recomputeShop } from "./recompute.server";
export { rescoreCustomer } from "./rescore.server";
export {
  customerDetail,
  customersBySegment,
  explainCustomer,
  exportBatches,
  listCustomers,
  segmentSummary,
  type CustomerRow,
} from "./list.server";
export { customersBySegmentPage } from "./segment-page.server";
export { addCustomer, emailTaken, CUSTOMER_CREATE, userErrorsToFields } from "./create.server";
export { customersExport, customerExportColumns } from "./export.server";
export { storedSegments } from "./segment-of.server";
export { customerCounts, newCustomerCount, type CustomerCounts } from "./counts.server";
export { countValuableCustomers, newCustomersOrders, quietValuableCustomers } from "./insight-reads.server";
