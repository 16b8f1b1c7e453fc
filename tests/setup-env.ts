// Environment shared by all tests: Shopify's test credentials from
// @shopify/shopify-api/test-helpers, so authenticate.* runs for real without network.
import { API_KEY, API_SECRET_KEY } from "@shopify/shopify-api/test-helpers";

process.env.NODE_ENV = "test";
process.env.SHOPIFY_API_KEY = API_KEY;
process.env.SHOPIFY_API_SECRET = API_SECRET_KEY;
process.env.SHOPIFY_APP_URL = "https://my-test-app.myshopify.io";
process.env.SCOPES =
  "read_orders,read_all_orders,read_products,write_products,read_customers,write_customers,read_inventory,write_inventory,read_reports,write_discounts,write_app_proxy";
delete process.env.DEMO_MODE;

// Nothing may reach the network: Admin API calls must be served by a recorded response.
globalThis.fetch = async (input: RequestInfo | URL) => {
  throw new Error(`Unexpected network request in a test: ${String(input instanceof Request ? input.url : input)}`);
};
