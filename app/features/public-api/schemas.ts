// The v1 API's schemas: the same zod objects validate each request, shape each answer (the
// handler's data is parsed through its response schema, so nothing undocumented leaves) and
// generate the OpenAPI document that /api-docs renders (openapi.server.ts).
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { invoiceCreateSchema } from "~/features/invoices";
import { EXPENSE_CATEGORIES, EXPENSE_INTERVALS, operatingExpenseSchema, productCostSchema } from "~/features/profit";
import { apiCampaignSchema } from "~/features/loyalty";
import { ALERT_FILTERS, SORTS, STATUS_FILTERS } from "~/features/inventory";
import type { Scope } from "./keys";

extendZodWithOpenApi(z);

export const API_VERSION = "v1";
export const BASE_PATH = "/api/v1";

export const ErrorObject = z
  .object({
    type: z.enum([
      "invalid_request_error",
      "authentication_error",
      "permission_error",
      "rate_limit_error",
      "api_error",
    ]),
    code: z.string().openapi({ example: "parameter_invalid" }),
    message: z.string(),
    param: z.string().nullable(),
    doc_url: z.string(),
  })
  .openapi("Error");

/** The spec's envelope around every answer. */
export function envelope<T extends z.ZodType>(data: T, name: string) {
  return z
    .object({ success: z.boolean(), data: data.nullable(), error: ErrorObject.nullable(), timestamp: z.string() })
    .openapi(name);
}

export const ErrorEnvelope = z
  .object({ success: z.literal(false), data: z.null(), error: ErrorObject, timestamp: z.string() })
  .openapi("ErrorEnvelope");

const storeId = z.string().openapi({ param: { name: "storeId", in: "path" }, description: "The key's shop id" });
const invoiceId = z.string().openapi({ param: { name: "invoiceId", in: "path" } });
const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ message: `limit must be a whole number from 1 to ${max}` })
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a whole number from 1 to ${max}`)
    .max(max, `limit must be a whole number from 1 to ${max}`)
    .default(fallback)
    .openapi({ description: `Items per page, 1 to ${max}` });
const startingAfter = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "starting_after must be an id from a previous page")
  .optional()
  .openapi({ description: "The last id of the previous page" });

const Figure = z
  .object({
    total: z.string().openapi({ description: "Decimal amount for money, a count otherwise" }),
    previous: z.string(),
    change: z
      .number()
      .nullable()
      .openapi({ description: "Fractional change on the previous period; null without one" }),
  })
  .openapi("Figure");

export const METRIC_NAMES = ["revenue", "orders", "customers"] as const;

export const AnalyticsQuery = z.object({
  timeframe: z
    .enum(["7d", "30d", "90d", "1y"], { message: "timeframe must be one of 7d, 30d, 90d, 1y" })
    .default("30d"),
  metrics: z
    .string()
    .default(METRIC_NAMES.join(","))
    .transform((v, ctx) => {
      const names = v.split(",").map((s) => s.trim());
      const bad = names.filter((n) => !(METRIC_NAMES as readonly string[]).includes(n));
      if (bad.length || !names.length) {
        ctx.addIssue({ code: "custom", message: `metrics must be a comma list of ${METRIC_NAMES.join(", ")}` });
        return z.NEVER;
      }
      return [...new Set(names)] as (typeof METRIC_NAMES)[number][];
    })
    .openapi({ type: "string", description: "Comma list of revenue, orders, customers", example: "revenue,orders" }),
});

export const Analytics = z
  .object({
    storeId: z.string(),
    timeframe: z.string(),
    currency: z.string(),
    period: z.object({ from: z.string(), to: z.string() }),
    previousPeriod: z.object({ from: z.string(), to: z.string() }),
    metrics: z.object({ revenue: Figure.optional(), orders: Figure.optional(), customers: Figure.optional() }),
  })
  .openapi("Analytics");

export const CustomersQuery = z.object({
  segment: z.string().optional().openapi({
    description: "VIP, Regular, New, At-Risk or No orders yet (name or slug, e.g. at-risk); all by default",
  }),
  limit: limit(100, 25),
  starting_after: startingAfter,
});

export const Customer = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    orders: z.number(),
    totalSpent: z.string(),
    lastOrder: z.string().nullable(),
    segment: z.string(),
  })
  .openapi("Customer");

const list = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ object: z.literal("list"), data: z.array(item), has_more: z.boolean() }).openapi(name);

export const CustomerList = list(Customer, "CustomerList");

export const InvoicesQuery = z.object({
  status: z
    .enum(["all", "draft", "sent", "overdue", "paid", "void"], {
      message: "status must be one of all, draft, sent, overdue, paid, void",
    })
    .default("all"),
  limit: limit(100, 25),
  starting_after: startingAfter,
});

export const Invoice = z
  .object({
    id: z.string(),
    invoiceNumber: z.string(),
    status: z.string(),
    customerName: z.string(),
    customerEmail: z.string().nullable(),
    issueDate: z.string(),
    dueDate: z.string(),
    sentAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    currency: z.string(),
    items: z.array(z.object({ title: z.string(), qty: z.number(), unit_price: z.string(), line_total: z.string() })),
    subtotal: z.string(),
    tax: z.string(),
    shipping: z.string(),
    total: z.string(),
  })
  .openapi("Invoice");

export const InvoiceList = list(Invoice, "InvoiceList");

export const InsightsQuery = z.object({
  category: z.string().optional().openapi({ description: "One category; all by default" }),
  limit: limit(100, 25),
});

export const Insight = z
  .object({
    id: z.string(),
    category: z.string(),
    priority: z.string().openapi({ description: "high, medium or low (the insight's band)" }),
    title: z.string(),
    message: z.string(),
    confidence: z.number().openapi({ description: "0 to 1" }),
    potentialValue: z.string().nullable(),
    firstSeenAt: z.string(),
  })
  .openapi("Insight");

export const InsightList = list(Insight, "InsightList");

export const GenerateInsightsBody = z
  .object({
    storeId: z.string({ message: "storeId is required" }).min(1, "storeId is required").max(100),
    categories: z
      .array(z.string().max(40))
      .max(10)
      .optional()
      .openapi({ description: "Categories to look at; every category when left out" }),
  })
  .openapi("GenerateInsightsRequest");

export const InsightRun = z
  .object({ id: z.string(), status: z.string(), queuedAt: z.string(), created: z.boolean() })
  .openapi("InsightRun");

// Writes go through the owning feature's own schema (the admin's form validates with the same one).
// describe() makes the copy that carries .openapi(): zod 4 adds methods when a schema is built, and
// the features' schemas were built before extendZodWithOpenApi ran.
export const CreateInvoiceBody = invoiceCreateSchema
  .describe("The admin's invoice form as JSON: amounts are decimal strings, tax_rate a fraction (0.2 = 20%)")
  .openapi("CreateInvoiceRequest");

const page = z.object({ limit: limit(100, 25), starting_after: startingAfter });

export const ProductCost = z
  .object({
    id: z.string(),
    productName: z.string(),
    sku: z.string().nullable(),
    costPerUnit: z.string().openapi({ description: "Decimal amount in the store's currency" }),
    supplier: z.string().nullable(),
    effectiveFrom: z.string().openapi({ description: "Day (store time zone) from which the cost applies" }),
    createdAt: z.string(),
  })
  .openapi("ProductCost");

export const ProductCostList = list(ProductCost, "ProductCostList");

export const ProductCostBody = productCostSchema
  .describe("A product's unit cost; the cost of goods is re-costed from effectiveFrom (today when left out)")
  .openapi("ProductCostRequest");

export const OperatingExpense = z
  .object({
    id: z.string(),
    category: z.string().openapi({ description: `One of ${EXPENSE_CATEGORIES.join(", ")}` }),
    description: z.string(),
    amount: z.string().openapi({ description: "Decimal amount in the store's currency" }),
    date: z.string().openapi({
      description: "Day (YYYY-MM-DD, store time zone) of a one-time expense, or the first day of a recurring one",
    }),
    recurring: z.boolean(),
    recurringInterval: z
      .string()
      .nullable()
      .openapi({
        description: `${EXPENSE_INTERVALS.join(", ")}: how often a recurring expense repeats; null for a one-time expense`,
      }),
  })
  .openapi("OperatingExpense");

export const OperatingExpenseList = list(OperatingExpense, "OperatingExpenseList");

export const OperatingExpenseBody = operatingExpenseSchema
  .describe(
    "An operating expense as the Costs screen enters it: date is a day in the store's time zone (YYYY-MM-DD); a recurring expense repeats every recurringInterval (monthly when left out) from that day",
  )
  .openapi("OperatingExpenseRequest");

export const LoyaltyCampaign = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.string(),
    multiplier: z.number(),
    startsOn: z.string(),
    endsOn: z.string(),
    tierId: z.string().nullable(),
    segment: z.string().nullable(),
    collectionId: z.string().nullable(),
    stacking: z.string(),
    status: z.string().openapi({ description: "scheduled, active, paused, ended" }),
  })
  .openapi("LoyaltyCampaign");

export const LoyaltyCampaignList = list(LoyaltyCampaign, "LoyaltyCampaignList");

export const LoyaltyCampaignBody = apiCampaignSchema
  .describe(
    "rules: multiplier (above 1), startsOn and endsOn (YYYY-MM-DD), optional tierId, segment, collectionId, stacking (highest or multiply)",
  )
  .openapi("LoyaltyCampaignRequest");

const keys = <T extends Record<string, string>>(o: T) =>
  z.enum(Object.keys(o) as [keyof T & string, ...(keyof T & string)[]]);

export const InventoryQuery = z.object({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  category: z.string().trim().max(100).optional(),
  status: keys(STATUS_FILTERS).optional(),
  alert: keys(ALERT_FILTERS).optional(),
  sort: keys(SORTS).default("lost").openapi({ description: "lost (lost revenue per day, highest first) by default" }),
  page: z.coerce
    .number({ message: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000)
    .default(1),
  limit: limit(250, 50),
});

export const InventoryItem = z
  .object({
    id: z.string().openapi({ description: "The variant's id" }),
    productId: z.string(),
    title: z.string(),
    sku: z.string().nullable(),
    category: z.string(),
    status: z.string(),
    available: z.number(),
    committed: z.number(),
    onOrder: z.number(),
    velocity: z.number().openapi({ description: "Units sold per day" }),
    safetyStock: z.number(),
    reorderPoint: z.number(),
    daysOfCover: z.number().nullable(),
    stockOutDay: z.string().nullable(),
    orderByDay: z.string().nullable(),
    suggestedQty: z.number(),
    lostRevenuePerDay: z.string(),
    supplierName: z.string().nullable(),
    computedAt: z.string(),
  })
  .openapi("InventoryItem");

export const InventoryPage = z
  .object({
    object: z.literal("list"),
    currency: z.string(),
    page: z.number(),
    pages: z.number(),
    total: z.number(),
    has_more: z.boolean(),
    data: z.array(InventoryItem),
  })
  .openapi("InventoryPage");

export type Endpoint = {
  id: string;
  method: "get" | "post";
  /** Below BASE_PATH, with {param} placeholders. */
  path: string;
  summary: string;
  scope: Scope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status (200 unless given). */
  status?: 200 | 201 | 202;
};

export const ENDPOINTS = {
  analytics: {
    id: "getAnalytics",
    method: "get",
    path: "/stores/{storeId}/analytics",
    summary: "Revenue, orders and new customers for a timeframe, each with its change on the previous period",
    scope: "analytics:read",
    params: z.object({ storeId }),
    query: AnalyticsQuery,
    response: Analytics,
  },
  customers: {
    id: "listCustomers",
    method: "get",
    path: "/stores/{storeId}/customers",
    summary: "Customers of a segment, most valuable first",
    scope: "customers:read",
    params: z.object({ storeId }),
    query: CustomersQuery,
    response: CustomerList,
  },
  invoices: {
    id: "listInvoices",
    method: "get",
    path: "/stores/{storeId}/invoices",
    summary: "Invoices, newest first",
    scope: "invoices:read",
    params: z.object({ storeId }),
    query: InvoicesQuery,
    response: InvoiceList,
  },
  invoice: {
    id: "getInvoice",
    method: "get",
    path: "/stores/{storeId}/invoices/{invoiceId}",
    summary: "One invoice",
    scope: "invoices:read",
    params: z.object({ storeId, invoiceId }),
    response: Invoice,
  },
  insights: {
    id: "listInsights",
    method: "get",
    path: "/stores/{storeId}/insights",
    summary: "Open insights, best first",
    scope: "insights:read",
    params: z.object({ storeId }),
    query: InsightsQuery,
    response: InsightList,
  },
  generateInsights: {
    id: "generateInsights",
    method: "post",
    path: "/ai-insights/generate",
    summary: "Queue a new insight run for the store (at most one runs at a time; the open run is answered)",
    scope: "insights:write",
    body: GenerateInsightsBody,
    response: InsightRun,
    status: 202,
  },
  createInvoice: {
    id: "createInvoice",
    method: "post",
    path: "/stores/{storeId}/invoices",
    summary: "Create an invoice (a draft, or sent at once with auto_send), numbered and counted like the admin's",
    scope: "invoices:write",
    params: z.object({ storeId }),
    body: CreateInvoiceBody,
    response: Invoice,
    status: 201,
  },
  sendInvoice: {
    id: "sendInvoice",
    method: "post",
    path: "/stores/{storeId}/invoices/{invoiceId}/send",
    summary: "Send a draft invoice to its customer (409 when it is not a draft)",
    scope: "invoices:write",
    params: z.object({ storeId, invoiceId }),
    response: Invoice,
  },
  productCosts: {
    id: "listProductCosts",
    method: "get",
    path: "/stores/{storeId}/product-costs",
    summary: "Product costs, newest first",
    scope: "costs:read",
    params: z.object({ storeId }),
    query: page,
    response: ProductCostList,
  },
  createProductCost: {
    id: "createProductCost",
    method: "post",
    path: "/stores/{storeId}/product-costs",
    summary: "Add a product cost",
    scope: "costs:write",
    params: z.object({ storeId }),
    body: ProductCostBody,
    response: ProductCost,
    status: 201,
  },
  updateProductCost: {
    id: "updateProductCost",
    method: "post",
    path: "/stores/{storeId}/product-costs/{costId}",
    summary: "Change a product cost (the whole cost is sent again)",
    scope: "costs:write",
    params: z.object({ storeId, costId: z.string().openapi({ param: { name: "costId", in: "path" } }) }),
    body: ProductCostBody,
    response: ProductCost,
  },
  operatingExpenses: {
    id: "listOperatingExpenses",
    method: "get",
    path: "/stores/{storeId}/operating-expenses",
    summary: "Operating expenses, latest date first",
    scope: "costs:read",
    params: z.object({ storeId }),
    query: page,
    response: OperatingExpenseList,
  },
  createOperatingExpense: {
    id: "createOperatingExpense",
    method: "post",
    path: "/stores/{storeId}/operating-expenses",
    summary: "Add an operating expense (one-time, or recurring from its date)",
    scope: "costs:write",
    params: z.object({ storeId }),
    body: OperatingExpenseBody,
    response: OperatingExpense,
    status: 201,
  },
  loyaltyCampaigns: {
    id: "listLoyaltyCampaigns",
    method: "get",
    path: "/stores/{storeId}/loyalty/campaigns",
    summary: "Loyalty campaigns, latest start first",
    scope: "loyalty:read",
    params: z.object({ storeId }),
    query: page,
    response: LoyaltyCampaignList,
  },
  createLoyaltyCampaign: {
    id: "createLoyaltyCampaign",
    method: "post",
    path: "/stores/{storeId}/loyalty/campaigns",
    summary: "Create a points-multiplier campaign (name, type, rules)",
    scope: "loyalty:write",
    params: z.object({ storeId }),
    body: LoyaltyCampaignBody,
    response: LoyaltyCampaign,
    status: 201,
  },
  inventory: {
    id: "getInventory",
    method: "get",
    path: "/stores/{storeId}/inventory",
    summary: "Inventory planning per variant: cover, stock-out and order-by days, suggested quantity",
    scope: "inventory:read",
    params: z.object({ storeId }),
    query: InventoryQuery,
    response: InventoryPage,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
