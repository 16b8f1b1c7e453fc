// /api-docs copy; the page itself is rendered from the API's OpenAPI document.
import type { PageSeo } from "~/content/seo";

export const API_DOCS_SEO: PageSeo = {
  title: "API documentation",
  description:
    "Read your store's analytics, customers and inventory, and create invoices, costs and loyalty campaigns, from your own systems with the Profit Pilot API.",
  path: "/api-docs",
};
