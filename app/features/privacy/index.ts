export { exportRequestSchema, newsletterSchema } from "./schema";
export { CUSTOMER_PERSONAL_DATA_CLEARED, ORDER_PERSONAL_DATA_CLEARED } from "./personal-data";
