// Route tests through the real authenticate.admin with Shopify test credentials:
// who may call the JSON API, and that a shop only ever sees its own data.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession, tokenFor, withToken, API_KEY } from "~tests/shopify";
import { loader as analyticsLoader } from "~/routes/api.analytics";
import { loader as profitLoader } from "~/routes/api.stores.$storeId.profit.metrics";
import { action as costsAction, loader as costsLoader } from "~/routes/api.stores.$storeId.product-costs";
import { action as expensesAction, loader as expensesLoader } from "~/routes/api.stores.$storeId.operating-expenses";
import { loader as sessionLoader } from "~/routes/api.session";
import { loader as dashboardLoader } from "~/routes/_admin.dashboard";
import { loader as layoutLoader } from "~/routes/_admin";

const A = "shop-a.myshopify.com";
const B = "shop-b.myshopify.com";
let shopA: { id: string };
let shopB: { id: string };

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    const result = await promise;
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B" });
  await installSession(A);
  await installSession(B);
  const pa = await createProduct(shopA.id, { sku: "A-1", priceMinor: 10_00, unitCostMinor: 4_00 });
  const pb = await createProduct(shopB.id, { sku: "B-1", priceMinor: 777_00, unitCostMinor: 1_00 });
  await createOrder(shopA.id, today, [line(pa, 1)]);
  await createOrder(shopB.id, today, [line(pb, 3)]);
  await prisma.productCost.create({
    data: { shopId: shopB.id, productName: "B secret", costPerUnitMinor: 1, effectiveFrom: today },
  });
});

describe("session tokens", () => {
  it("a valid session token works", async () => {
    const res = (await analyticsLoader(args(await bearerRequest(A, "/api/analytics")))) as Response;
    expect(res.status).toBe(200);
    const [row] = await res.json();
    expect(row.storeId).toBe(shopA.id);
    expect(row.revenue).toBe("10.00");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
  });

  it("refuses a missing token (sent to log in)", async () => {
    let thrown: unknown;
    try {
      await analyticsLoader(args(withToken(null, "/api/analytics")));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/auth/login");
  });

  it("refuses an expired token", async () => {
    const past = Math.floor(Date.now() / 1000) - 600;
    const token = await tokenFor(A, { exp: past, nbf: past - 3600, iat: past - 3600 });
    expect(await status(analyticsLoader(args(withToken(token, "/api/analytics"))))).toBe(401);
  });

  it("refuses a token for another app (wrong audience)", async () => {
    const token = await tokenFor(A, { aud: "someone-elses-app" });
    expect(await status(analyticsLoader(args(withToken(token, "/api/analytics"))))).toBe(401);
  });

  it("refuses a token signed with another secret", async () => {
    const token = await tokenFor(A, {}, "not-the-secret", API_KEY);
    expect(await status(analyticsLoader(args(withToken(token, "/api/analytics"))))).toBe(401);
  });
});

describe("tenant isolation", () => {
  it("a token for A with ?shop=B still sees only A", async () => {
    const res = (await analyticsLoader(args(await bearerRequest(A, `/api/analytics?shop=${B}`)))) as Response;
    const [row] = await res.json();
    expect(row.storeId).toBe(shopA.id);
    expect(row.revenue).toBe("10.00");
  });

  it("asking for /api/stores/B/… with A's token is a 404 on every store route", async () => {
    const p = { storeId: shopB.id };
    expect(await status(profitLoader(args(await bearerRequest(A, `/api/stores/${shopB.id}/profit/metrics`), p)))).toBe(
      404,
    );
    expect(await status(costsLoader(args(await bearerRequest(A, `/api/stores/${shopB.id}/product-costs`), p)))).toBe(
      404,
    );
    expect(
      await status(expensesLoader(args(await bearerRequest(A, `/api/stores/${shopB.id}/operating-expenses`), p))),
    ).toBe(404);
    const post = await bearerRequest(A, `/api/stores/${shopB.id}/product-costs`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ productName: "x", costPerUnit: "1.00" }),
    });
    expect(await status(costsAction(args(post, p)))).toBe(404);
    expect(await prisma.productCost.count({ where: { shopId: shopB.id } })).toBe(1);
  });

  it("A's own store routes answer with A's data only", async () => {
    const res = (await profitLoader(
      args(await bearerRequest(A, `/api/stores/${shopA.id}/profit/metrics`), { storeId: shopA.id }),
    )) as Response;
    const body = await res.json();
    expect(body).toMatchObject({ netProfit: 6, totalCosts: 4, profitMargin: 60 });
    const costs = (await costsLoader(
      args(await bearerRequest(A, `/api/stores/${shopA.id}/product-costs`), { storeId: shopA.id }),
    )) as Response;
    expect(await costs.json()).toEqual([]);
  });

  it("the dashboard page loader computes A's figures for A", async () => {
    const data = (await dashboardLoader(args(await bearerRequest(A, `/dashboard?shop=${B}`)))) as Awaited<
      ReturnType<typeof dashboardLoader>
    >;
    expect(data.dashboard?.metrics.find((m) => m.key === "revenue")?.value).toBe(10_00);
  });
});

describe("admin layout", () => {
  it("embeds with App Bridge for the authenticated shop and names its store and plan", async () => {
    const data = (await layoutLoader(args(await bearerRequest(A, "/dashboard")))) as Awaited<
      ReturnType<typeof layoutLoader>
    >;
    expect(data).toMatchObject({
      apiKey: API_KEY,
      demo: false,
      storeName: "Shop A",
      planLabel: "Starter plan",
      staffName: "Ada Owner",
      staffInitials: "AO",
    });
  });
});

describe("costs API validation", () => {
  const post = async (path: string, body: unknown) =>
    bearerRequest(A, path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("rejects bad product costs with field errors and writes nothing", async () => {
    const path = `/api/stores/${shopA.id}/product-costs`;
    const res = (await costsAction(
      args(await post(path, { productName: "", costPerUnit: -3 }), { storeId: shopA.id }),
    )) as Response;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors.productName).toEqual(["Product name is required"]);
    expect(body.fieldErrors.costPerUnit?.[0]).toMatch(/Cost per unit/);
    const negative = (await costsAction(
      args(await post(path, { productName: "X", costPerUnit: "-1.00" }), { storeId: shopA.id }),
    )) as Response;
    expect(negative.status).toBe(400);
    expect(await prisma.productCost.count({ where: { shopId: shopA.id } })).toBe(0);
  });

  it("refuses amounts beyond the stored range with a 400, on both engines", async () => {
    const path = `/api/stores/${shopA.id}/product-costs`;
    const res = (await costsAction(
      args(await post(path, { productName: "Yacht", costPerUnit: "99999999.00" }), { storeId: shopA.id }),
    )) as Response;
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.costPerUnit[0]).toMatch(/at most 21,474,836.47/);
    const kwd = await prisma.shop.update({ where: { id: shopA.id }, data: { currency: "KWD" } });
    try {
      const big = (await costsAction(
        args(await post(path, { productName: "Gold", costPerUnit: "3000000.000" }), { storeId: kwd.id }),
      )) as Response;
      expect(big.status).toBe(400);
      expect((await big.json()).fieldErrors.costPerUnit[0]).toMatch(/too large for KWD/);
    } finally {
      await prisma.shop.update({ where: { id: shopA.id }, data: { currency: "USD" } });
    }
    expect(await prisma.productCost.count({ where: { shopId: shopA.id } })).toBe(0);
  });

  it("refuses finer amounts than the currency has, dates out of range and unstorable text (400, nothing written)", async () => {
    const costs = `/api/stores/${shopA.id}/product-costs`;
    const expenses = `/api/stores/${shopA.id}/operating-expenses`;
    const fine = (await costsAction(
      args(await post(costs, { productName: "Mug", costPerUnit: "4.505" }), { storeId: shopA.id }),
    )) as Response;
    expect(fine.status).toBe(400);
    expect((await fine.json()).fieldErrors.costPerUnit).toEqual(["Use at most 2 decimals for USD"]);
    const ancient = (await expensesAction(
      args(await post(expenses, { category: "rent", description: "Old", amount: "10", date: "0000-01-01" }), {
        storeId: shopA.id,
      }),
    )) as Response;
    expect(ancient.status).toBe(400);
    expect((await ancient.json()).fieldErrors.date).toEqual(["Date must be between 1970-01-01 and 2100-12-31"]);
    for (const text of ["Mug\u0000", "Mug\ud800"]) {
      const bad = (await costsAction(
        args(await post(costs, { productName: text, costPerUnit: "4.50" }), { storeId: shopA.id }),
      )) as Response;
      expect(bad.status).toBe(400);
      expect(Object.keys((await bad.json()).fieldErrors)).toEqual(["productName"]);
    }
    expect(await prisma.productCost.count({ where: { shopId: shopA.id } })).toBe(0);
    expect(await prisma.operatingExpense.count({ where: { shopId: shopA.id, description: "Old" } })).toBe(0);
  });

  it("rejects an unknown expense category and a malformed body", async () => {
    const path = `/api/stores/${shopA.id}/operating-expenses`;
    const res = (await expensesAction(
      args(await post(path, { category: "yachts", description: "Boat", amount: "10", date: today }), {
        storeId: shopA.id,
      }),
    )) as Response;
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.category[0]).toMatch(/Category must be one of/);
    const bad = await bearerRequest(A, path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(((await expensesAction(args(bad, { storeId: shopA.id }))) as Response).status).toBe(400);
    expect(await prisma.operatingExpense.count({ where: { shopId: shopA.id } })).toBe(0);
  });

  it("adds a cost and an expense, and profit reflects both", async () => {
    const before = await (
      (await profitLoader(
        args(await bearerRequest(A, `/api/stores/${shopA.id}/profit/metrics`), { storeId: shopA.id }),
      )) as Response
    ).json();
    const cost = (await costsAction(
      args(
        await post(`/api/stores/${shopA.id}/product-costs`, {
          productName: "Product",
          sku: "A-1",
          costPerUnit: "5.00",
          effectiveFrom: today,
        }),
        { storeId: shopA.id },
      ),
    )) as Response;
    expect(cost.status).toBe(201);
    expect(await cost.json()).toMatchObject({
      productName: "Product",
      sku: "A-1",
      costPerUnit: "5.00",
      supplier: null,
    });
    const expense = (await expensesAction(
      args(
        await post(`/api/stores/${shopA.id}/operating-expenses`, {
          category: "software",
          description: "Email tool",
          amount: "2.50",
          date: today,
          recurring: false,
          recurringInterval: "monthly",
        }),
        { storeId: shopA.id },
      ),
    )) as Response;
    expect(expense.status).toBe(201);
    expect(await expense.json()).toMatchObject({
      category: "software",
      amount: "2.50",
      recurring: false,
      recurringInterval: null,
    });
    const after = await (
      (await profitLoader(
        args(await bearerRequest(A, `/api/stores/${shopA.id}/profit/metrics`), { storeId: shopA.id }),
      )) as Response
    ).json();
    expect(before.netProfit).toBe(6);
    expect(after.netProfit).toBe(2.5);
  });
});

describe("GET /api/session", () => {
  it("answers valid for an installed shop and not for others", async () => {
    const ok = (await sessionLoader(args(new Request(`https://app.test/api/session?shop=${A}`)))) as Response;
    expect(await ok.json()).toEqual({ valid: true });
    const unknown = (await sessionLoader(
      args(new Request("https://app.test/api/session?shop=nobody.myshopify.com")),
    )) as Response;
    expect(await unknown.json()).toEqual({ valid: false });
    const bad = (await sessionLoader(args(new Request("https://app.test/api/session?shop=evil.com")))) as Response;
    expect(bad.status).toBe(400);
  });
});
