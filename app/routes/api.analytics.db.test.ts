// GET /api/analytics: the registry's figures per timeframe, 400 with the allowed values on
// bad input, the 5-minute freshness header, and only the caller's shop.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { loader } from "~/routes/api.analytics";

const A = "analytics-api-a.myshopify.com";
const B = "analytics-api-b.myshopify.com";
let shopA: { id: string };
const args = (request: Request) => ({ request, params: {}, context: {} });
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Analytics A" });
  const shopB = await createShop({ domain: B, name: "Analytics B" });
  await installSession(A);
  await installSession(B);
  const pa = await createProduct(shopA.id, { priceMinor: 10_00 });
  const pb = await createProduct(shopB.id, { priceMinor: 999_00 });
  await createOrder(shopA.id, today, [line(pa, 1)], { shippingMinor: 2_00 });
  await createOrder(shopA.id, daysAgo(20), [line(pa, 3)]);
  await createOrder(shopB.id, today, [line(pb, 5)]);
});

async function get(path: string) {
  const res = (await loader(args(await bearerRequest(A, path)))) as Response;
  return { res, body: await res.json() };
}

describe("GET /api/analytics", () => {
  it("keeps its headline answer and adds every registry figure for a timeframe", async () => {
    const { res, body } = await get("/api/analytics?timeframe=7d");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
    const [row] = body;
    expect(row.storeId).toBe(shopA.id);
    expect(row.timeframe).toBe("7d");
    expect(row.revenue).toBe("12.00");
    expect(row.orders).toBe(1);
    expect(row.metrics.netSales).toMatchObject({ unit: "money", value: "10.00", valueMinor: 10_00 });
    expect(row.metrics.revenue.value).toBe(row.revenue);
    expect(row.metrics.orders).toMatchObject({ unit: "count", value: 1 });
    expect(row.metrics.conversionRate).toMatchObject({ unit: "rate", value: null });
  });

  it("30 days by default, and the older days parameter still chooses the period", async () => {
    const [def] = (await get("/api/analytics")).body;
    expect(def.timeframe).toBe("30d");
    expect(def.orders).toBe(2);
    const [year] = (await get("/api/analytics?days=365")).body;
    expect(year.timeframe).toBe("1y");
    const [ago] = (await get("/api/analytics?timeframe=30d&comparison=yearAgo")).body;
    expect(ago.comparison).toBe("yearAgo");
  });

  it("answers 400 with the allowed values for an unknown timeframe or comparison", async () => {
    const { res, body } = await get("/api/analytics?timeframe=2w&comparison=lastweek");
    expect(res.status).toBe(400);
    expect(body.fieldErrors).toEqual({
      timeframe: ["Must be one of 7d, 30d, 90d, 1y"],
      comparison: ["Must be one of previous, yearAgo"],
    });
  });

  it("never reaches another shop's data, whatever the query says", async () => {
    const [row] = (await get(`/api/analytics?timeframe=7d&shop=${B}`)).body;
    expect(row.storeId).toBe(shopA.id);
    expect(row.metrics.grossSales.valueMinor).toBe(10_00);
  });
});
