// The examples /api-docs shows: each is a request and the answer it gets. tests/e2e/api-keys.spec.ts
// sends every one to the running server with a real key and fails when the real answer differs in
// status or shape (keys and value types) from the one written here. `{storeId}` is the key's shop.

export type ApiExample = {
  title: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  status: number;
  response: unknown;
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
