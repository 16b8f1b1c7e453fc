// GET and POST /api/v1/stores/{storeId}/operating-expenses (docs/product/public-api.md): list and create, authenticated by API key.
import { createOperatingExpenseV1, ENDPOINTS, operatingExpensesV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.operatingExpenses, operatingExpensesV1);
export const action = v1Api(ENDPOINTS.createOperatingExpense, createOperatingExpenseV1);
