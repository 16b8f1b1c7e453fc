// The storefront's app proxy: only Shopify-signed requests, and only the logged-in
// customer's own points (the customer id is part of what Shopify signs).
import { beforeAll, describe, expect, it } from "vitest";
import { API_SECRET_KEY, RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";
import "~/jobs.server";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { loader } from "~/routes/proxy.loyalty";
import { backfillLedger } from "~/features/loyalty/index.server";

const DOMAIN = "proxy-store.myshopify.com";
const APP = "https://my-test-app.myshopify.io";

async function signed(query: string) {
  return setUpValidRequest(
    { type: RequestType.Public, store: DOMAIN.replace(".myshopify.com", ""), apiSecretKey: API_SECRET_KEY },
    new Request(`${APP}/proxy/loyalty${query}`),
  );
}

async function call(request: Request) {
  try {
    return (await loader({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  const shop = await createShop({ domain: DOMAIN });
  for (const [n, gross] of [
    [501, 700_00],
    [502, 40_00],
  ] as const) {
    const c = await prisma.customer.create({ data: { shopId: shop.id, shopifyId: `gid://shopify/Customer/${n}` } });
    await prisma.order.create({
      data: {
        shopId: shop.id,
        customerId: c.id,
        name: `#${n}`,
        processedAt: new Date("2026-05-01T12:00:00Z"),
        day: "2026-05-01",
        currency: "USD",
        grossSalesMinor: gross,
        totalMinor: gross,
      },
    });
  }
  await backfillLedger(shop);
});

describe("GET /proxy/loyalty", () => {
  it("answers the signed-in customer's own balance, tier and how to redeem", async () => {
    const res = await call(await signed("?logged_in_customer_id=501"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toMatchObject({
      signedIn: true,
      balance: 700,
      balanceValue: "$7.00",
      tier: "Silver",
      nextTier: { name: "Gold", spendToGo: "$800.00" },
      pointValue: "$0.01",
    });
    const other = await (await call(await signed("?logged_in_customer_id=502"))).json();
    expect(other).toMatchObject({ balance: 40, tier: "Bronze" });
  });

  it("tells a signed-out visitor nothing about anyone", async () => {
    const body = await (await call(await signed(""))).json();
    expect(body).toMatchObject({ signedIn: false, balance: 0, tier: null });
    expect(body.howToRedeem).toMatch(/^Earn 1 point for every \$1\.00 you spend/);
  });

  it("refuses unsigned and tampered requests", async () => {
    const unsigned = await call(new Request(`${APP}/proxy/loyalty?shop=${DOMAIN}&logged_in_customer_id=501`));
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
    expect(unsigned.status).toBeLessThan(500);
    // Signed for customer 502, then the id changed to 501's: the signature no longer matches.
    const url = new URL((await signed("?logged_in_customer_id=502")).url);
    url.searchParams.set("logged_in_customer_id", "501");
    const tampered = await call(new Request(url));
    expect(tampered.status).toBeGreaterThanOrEqual(400);
    expect(tampered.status).toBeLessThan(500);
    expect(await tampered.text()).not.toContain("700");
  });
});
