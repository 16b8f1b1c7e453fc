// The v1 API's schemas: the same zod objects validate each request, shape each answer (the
// handler's data is parsed through its response schema, so nothing undocumented leaves) and
// generate the OpenAPI document that /api-docs renders (openapi.server.ts).
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
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
    params: z.object({
      storeId,
      invoiceId: z.string().openapi({ param: { name: "invoiceId", in: "path" } }),
    }),
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
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
