// The examples /api-docs shows: each is a request and the answer it gets. tests/e2e/api-keys.spec.ts
// sends every one to the running server with a real key and fails when the real answer differs in
// status or shape (keys and value types) from the one written here. `{storeId}` is the key's shop;
// `capture` names a placeholder that later examples use, filled with the answer's `data.id`.

export type ApiExample = {
  title: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  response: unknown;
  capture?: string;
};

const T = "2026-11-29T12:00:00.000Z";
const ok = (data: unknown) => ({ success: true, data, error: null, timestamp: T });
const refused = (code: string, message: string, param: string | null) => ({
  success: false,
  data: null,
  error: {
    type: "invalid_request_error",
    code,
    message,
    param,
    doc_url: `https://profitpilot.app/api-docs#error-${code}`,
  },
  timestamp: T,
});

const invoiceRequest = {
  customer: { name: "Northwind Traders", email: "billing@northwind.example" },
  items: [{ title: "Consulting (hours)", qty: 4, unit_price: "120.00" }],
  tax_rate: 0.2,
  due_in_days: 14,
};
const invoice = (status: string, sentAt: string | null) => ({
  id: "clx0inv0001",
  invoiceNumber: "INV-0042",
  status,
  customerName: "Northwind Traders",
  customerEmail: "billing@northwind.example",
  issueDate: "2026-11-29",
  dueDate: "2026-12-13",
  sentAt,
  paidAt: null,
  currency: "USD",
  items: [{ title: "Consulting (hours)", qty: 4, unit_price: "120.00", line_total: "480.00" }],
  subtotal: "480.00",
  tax: "96.00",
  shipping: "0.00",
  total: "576.00",
});
const cost = (costPerUnit: string) => ({
  id: "clx0cost001",
  productName: "Sample Widget (API example)",
  sku: "API-EXAMPLE-1",
  costPerUnit,
  supplier: null,
  effectiveFrom: "2026-11-29",
  createdAt: T,
});
// One-time, so the list example's first row has its shape whichever expense is the latest (the
// demo's latest is one-time too).
const expenseRequest = {
  category: "marketing",
  description: "Trade fair stand (API example)",
  amount: "850.00",
  date: "2026-11-20",
};
const expense = { id: "clx0exp0001", ...expenseRequest, recurring: false, recurringInterval: null };
const campaignRequest = (multiplier: number) => ({
  name: "Double points weekend",
  type: "multiplier",
  rules: { multiplier, startsOn: "2027-01-08", endsOn: "2027-01-10", stacking: "highest" },
});
const campaign = {
  id: "clx0camp001",
  name: "Double points weekend",
  description: "",
  type: "multiplier",
  multiplier: 2,
  startsOn: "2027-01-08",
  endsOn: "2027-01-10",
  tierId: null,
  segment: null,
  collectionId: null,
  stacking: "highest",
  status: "scheduled",
};

export const EXAMPLES: ApiExample[] = [
  {
    title: "Revenue, orders and new customers for the last 30 days",
    method: "GET",
    path: "/api/v1/stores/{storeId}/analytics?timeframe=30d&metrics=revenue,orders,customers",
    status: 200,
    response: {
      success: true,
      data: {
        storeId: "clx0demo0store",
        timeframe: "30d",
        currency: "USD",
        period: { from: "2026-10-31", to: "2026-11-29" },
        previousPeriod: { from: "2026-10-01", to: "2026-10-30" },
        metrics: {
          revenue: { total: "48210.55", previous: "45102.10", change: 0.0689 },
          orders: { total: "812", previous: "790", change: 0.0278 },
          customers: { total: "214", previous: "198", change: 0.0808 },
        },
      },
      error: null,
      timestamp: "2026-11-29T12:00:00.000Z",
    },
  },
  {
    title: "Two VIP customers, most valuable first (has_more: pass the last id as starting_after for the next page)",
    method: "GET",
    path: "/api/v1/stores/{storeId}/customers?segment=vip&limit=2",
    status: 200,
    response: {
      success: true,
      data: {
        object: "list",
        data: [
          {
            id: "clx0cust01",
            name: "Ava Jones",
            email: "ava@example.com",
            orders: 14,
            totalSpent: "2310.40",
            lastOrder: "2026-11-20T10:31:00.000Z",
            segment: "VIP",
          },
        ],
        has_more: true,
      },
      error: null,
      timestamp: "2026-11-29T12:00:00.000Z",
    },
  },
  {
    title: "An unknown timeframe is a 400 naming the parameter",
    method: "GET",
    path: "/api/v1/stores/{storeId}/analytics?timeframe=2d",
    status: 400,
    response: {
      success: false,
      data: null,
      error: {
        type: "invalid_request_error",
        code: "parameter_invalid",
        message: "timeframe must be one of 7d, 30d, 90d, 1y",
        param: "timeframe",
        doc_url: "https://profitpilot.app/api-docs#error-parameter_invalid",
      },
      timestamp: "2026-11-29T12:00:00.000Z",
    },
  },
  {
    title: "Create an invoice (a draft; auto_send: true sends it at once)",
    method: "POST",
    path: "/api/v1/stores/{storeId}/invoices",
    headers: { "Idempotency-Key": "4f1c2b9e-7d1a-4c55-9a0e-docs-invoice" },
    body: invoiceRequest,
    status: 201,
    response: ok(invoice("draft", null)),
    capture: "invoiceId",
  },
  {
    title: "The same request with the same Idempotency-Key replays the first answer (Idempotent-Replayed: true)",
    method: "POST",
    path: "/api/v1/stores/{storeId}/invoices",
    headers: { "Idempotency-Key": "4f1c2b9e-7d1a-4c55-9a0e-docs-invoice" },
    body: invoiceRequest,
    status: 201,
    response: ok(invoice("draft", null)),
  },
  {
    title: "Send the draft to its customer",
    method: "POST",
    path: "/api/v1/stores/{storeId}/invoices/{invoiceId}/send",
    status: 200,
    response: ok(invoice("sent", T)),
  },
  {
    title: "Sending it again is a 409: only a draft can be sent",
    method: "POST",
    path: "/api/v1/stores/{storeId}/invoices/{invoiceId}/send",
    status: 409,
    response: refused("illegal_transition", "INV-0042 is sent: only a draft can be sent.", null),
  },
  {
    title: "Add a product cost",
    method: "POST",
    path: "/api/v1/stores/{storeId}/product-costs",
    body: { productName: "Sample Widget (API example)", sku: "API-EXAMPLE-1", costPerUnit: "18.40" },
    status: 201,
    response: ok(cost("18.40")),
    capture: "costId",
  },
  {
    title: "Change it (the whole cost is sent again; COGS is re-costed from effectiveFrom)",
    method: "POST",
    path: "/api/v1/stores/{storeId}/product-costs/{costId}",
    body: { productName: "Sample Widget (API example)", sku: "API-EXAMPLE-1", costPerUnit: "19.10" },
    status: 200,
    response: ok(cost("19.10")),
  },
  {
    title: "The newest product cost",
    method: "GET",
    path: "/api/v1/stores/{storeId}/product-costs?limit=1",
    status: 200,
    response: ok({ object: "list", data: [cost("19.10")], has_more: true }),
  },
  {
    title:
      "Add an operating expense (date is the store's day; recurring: true with a recurringInterval repeats it from that day)",
    method: "POST",
    path: "/api/v1/stores/{storeId}/operating-expenses",
    headers: { "Idempotency-Key": "9b2e51d0-3f4a-4e8b-b7c1-docs-expense" },
    body: expenseRequest,
    status: 201,
    response: ok(expense),
    capture: "expenseId",
  },
  {
    title: "An expense category outside the list is a 400 naming the field",
    method: "POST",
    path: "/api/v1/stores/{storeId}/operating-expenses",
    body: { ...expenseRequest, category: "travel" },
    status: 400,
    response: refused(
      "body_invalid",
      "Category must be one of marketing, shipping, software, labor, rent, utilities, other",
      "category",
    ),
  },
  {
    title: "Operating expenses, latest date first",
    method: "GET",
    path: "/api/v1/stores/{storeId}/operating-expenses?limit=1",
    status: 200,
    response: ok({ object: "list", data: [expense], has_more: true }),
  },
  {
    title: "Create a loyalty campaign: name, type and rules",
    method: "POST",
    path: "/api/v1/stores/{storeId}/loyalty/campaigns",
    body: campaignRequest(2),
    status: 201,
    response: ok(campaign),
    capture: "campaignId",
  },
  {
    title: "A multiplier of 1 is a 400 naming the rule",
    method: "POST",
    path: "/api/v1/stores/{storeId}/loyalty/campaigns",
    body: campaignRequest(1),
    status: 400,
    response: refused("body_invalid", "A bonus multiplier must be more than 1", "rules.multiplier"),
  },
  {
    title: "Loyalty campaigns, latest start first",
    method: "GET",
    path: "/api/v1/stores/{storeId}/loyalty/campaigns?limit=1",
    status: 200,
    response: ok({ object: "list", data: [campaign], has_more: true }),
  },
  {
    title: "Low-stock variants, the most lost revenue per day first",
    method: "GET",
    path: "/api/v1/stores/{storeId}/inventory?status=low&limit=1",
    status: 200,
    response: ok({
      object: "list",
      currency: "USD",
      page: 1,
      pages: 12,
      total: 12,
      has_more: true,
      data: [
        {
          id: "gid-variant-1",
          productId: "gid-product-1",
          title: "Wireless Earbuds Pro",
          sku: "WEP-001",
          category: "Audio",
          status: "low-stock",
          available: 9,
          committed: 1,
          onOrder: 0,
          velocity: 2.4,
          safetyStock: 6.2,
          reorderPoint: 40,
          daysOfCover: 3.75,
          stockOutDay: "2026-12-03",
          orderByDay: "2026-11-19",
          suggestedQty: 60,
          lostRevenuePerDay: "215.76",
          supplierName: "SoundWorks",
          computedAt: T,
        },
      ],
    }),
  },
];

/** The value's shape: object keys (sorted) and value types, arrays by their first item. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === "object")
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k])]),
    );
  return typeof value;
}
