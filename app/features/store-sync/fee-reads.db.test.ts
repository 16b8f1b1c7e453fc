// Shopify Payments' fee after the import: order_transactions/create (HMAC-verified, idempotent)
// marks the order, the job's read asks Shopify for the order's transactions (the query checked
// against the schema, the answer recorded) and writes the fee with the rollups following.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { shopify } from "~/shopify.server";
import { readShopFees } from "~/features/store-sync/fee-reads.server";
import { createShop } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { fixture, jsonResponse, schemaErrors, stubAdminApi } from "~tests/shopify-admin";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as transactionsCreate from "~/routes/webhooks.order_transactions.create";

const DOMAIN = "fee-reads.myshopify.com";
const OTHER = "fee-reads-other.myshopify.com";
const ORDER = "gid://shopify/Order/5891234567890";
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const deliver = async (route: typeof ordersCreate, topic: string, domain: string, body: unknown, webhookId?: string) =>
  (await route.action({ request: webhookRequest(topic, domain, body, { webhookId }), params: {}, context: {} })).status;

const stored = (s: Shop) =>
  prisma.order.findUniqueOrThrow({
    where: { shopId_shopifyId: { shopId: s.id, shopifyId: ORDER } },
    select: { paymentFeesMinor: true, paymentFeeSource: true, day: true },
  });

const rollup = async (s: Shop, day: string) =>
  prisma.dailyRollup.findUniqueOrThrow({
    where: { shopId_day: { shopId: s.id, day } },
    select: { paymentFeesMinor: true, unknownPaymentFeeOrders: true },
  });

beforeAll(async () => {
  shop = await createShop({ domain: DOMAIN, currency: "USD", timezone: "America/New_York" });
  other = await createShop({ domain: OTHER, currency: "USD", timezone: "America/New_York" });
  await installSession(DOMAIN);
  for (const domain of [DOMAIN, OTHER])
    expect(await deliver(ordersCreate, "orders/create", domain, fixture("webhook-order.json"))).toBe(200);
});

describe("order_transactions/create", () => {
  it("marks a Shopify Payments sale's order once, however often it is delivered", async () => {
    const body = fixture("webhook-transaction.json");
    expect(await deliver(transactionsCreate, "order_transactions/create", DOMAIN, body, "t-1")).toBe(200);
    expect(await deliver(transactionsCreate, "order_transactions/create", DOMAIN, body, "t-1")).toBe(200);
    expect(await deliver(transactionsCreate, "order_transactions/create", DOMAIN, body, "t-2")).toBe(200);
    expect(await prisma.pendingFeeRead.findMany({ select: { shopId: true, orderShopifyId: true } })).toEqual([
      { shopId: shop.id, orderShopifyId: ORDER },
    ]);
  });

  it("marks nothing for another gateway, a failed charge or a refund", async () => {
    const base = fixture<Record<string, unknown>>("webhook-transaction.json");
    for (const change of [{ gateway: "paypal" }, { status: "failure" }, { kind: "refund" }])
      expect(await deliver(transactionsCreate, "order_transactions/create", OTHER, { ...base, ...change })).toBe(200);
    expect(await prisma.pendingFeeRead.count({ where: { shopId: other.id } })).toBe(0);
  });
});

describe("the fee read", () => {
  it("writes Shopify's fee on the marked order, moves the rollups, and clears the mark", async () => {
    const before = await stored(shop);
    expect(before).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
    expect(await rollup(shop, before.day)).toEqual({ paymentFeesMinor: 0, unknownPaymentFeeOrders: 1 });
    const stub = stubAdminApi(async (request) => {
      const { query, variables } = (await request.json()) as { query: string; variables: { id: string } };
      expect(variables.id).toBe(ORDER);
      return schemaErrors(query) ?? jsonResponse(fixture("order-fees.json"));
    });
    restore = stub.restore;
    const { admin } = await shopify().unauthenticated.admin(DOMAIN);
    expect(await readShopFees(shop, admin.graphql)).toEqual({ updated: 1, unchanged: 0, ignored: 0, failed: 0 });
    expect(await stored(shop)).toMatchObject({ paymentFeesMinor: 3_69, paymentFeeSource: "shopify_payments" });
    expect(await rollup(shop, before.day)).toEqual({ paymentFeesMinor: 3_69, unknownPaymentFeeOrders: 0 });
    expect(await prisma.pendingFeeRead.count()).toBe(0);
    // Shop B's copy of the same order is not touched.
    expect(await stored(other)).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
  });

  it("keeps the mark after a failed read and tries again", async () => {
    await prisma.pendingFeeRead.create({ data: { shopId: shop.id, orderShopifyId: ORDER } });
    restore = stubAdminApi(() => new Response("Bad gateway", { status: 502 })).restore;
    const { admin } = await shopify().unauthenticated.admin(DOMAIN);
    const result = await readShopFees(shop, admin.graphql, { maxRetries: 0, sleep: async () => {} });
    expect(result.failed).toBe(1);
    expect(await prisma.pendingFeeRead.findFirstOrThrow({ select: { attempts: true } })).toEqual({ attempts: 1 });
    expect(await stored(shop)).toMatchObject({ paymentFeesMinor: 3_69, paymentFeeSource: "shopify_payments" });
  });
});
