export { CUSTOMER_JOBS, recomputeShopById, registerCustomerJobs } from "./jobs.server";
export { computeShop, dropRedactedScores, recomputeShop, recordSegmentDay, rescoreCustomer } from "./scores.server";
