// Redemptions end to end: the discount code created in Shopify (the document checked
// against the Admin schema), Shopify's userErrors refused with nothing written, the code
// marked used by the order webhook that carries it, and an unused code's points given back.
import { beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { webhookRequest } from "~tests/shopify";
import { fixture, jsonResponse, schemaErrors } from "~tests/shopify-admin";
import { tableCounts } from "~tests/table-counts";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as customersCreate from "~/routes/webhooks.customers.create";
import { expireAndReimburse, loyaltyCost, redeemPoints } from "~/features/loyalty/index.server";
import { dayInZone } from "~/lib/dates";

const SHOP = "redeem-store.myshopify.com";
const staff = { email: "owner@example.com", name: "Owner" };
let shop: { id: string; currency: string; timezone: string };
let customerId: string;

async function deliver(
  route: { action: (a: ActionFunctionArgs) => Promise<Response> },
  topic: string,
  payload: unknown,
) {
  return (await route.action({ request: webhookRequest(topic, SHOP, payload), params: {}, context: {} })).status;
}

/** Shopify's answer to discountCodeBasicCreate, after checking the document against the schema. */
function fakeShopify(answer: "ok" | "taken") {
  const sent: { query: string; variables: any }[] = [];
  const graphql = async (query: string, options?: { variables?: Record<string, unknown> }) => {
    const invalid = schemaErrors(query);
    if (invalid) return invalid;
    sent.push({ query, variables: options?.variables });
    return jsonResponse({
      data: {
        discountCodeBasicCreate:
          answer === "ok"
            ? { codeDiscountNode: { id: "gid://shopify/DiscountCodeNode/777" }, userErrors: [] }
            : {
                codeDiscountNode: null,
                userErrors: [{ field: ["basicCodeDiscount", "code"], message: "Code must be unique", code: "TAKEN" }],
              },
      },
    });
  };
  return { graphql, sent };
}

const balance = async () =>
  (await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId: shop.id, customerId }, _sum: { points: true } }))._sum
    .points ?? 0;

beforeAll(async () => {
  shop = await createShop({ domain: SHOP });
  expect(await deliver(customersCreate, "customers/create", fixture("webhook-customer.json"))).toBe(200);
  expect(await deliver(ordersCreate, "orders/create", fixture("webhook-order.json"))).toBe(200);
  customerId = (await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id } })).id;
  expect(await balance()).toBe(95);
});

describe("redeeming points", () => {
  it("refuses more points than the balance, and Shopify's userErrors, writing nothing", async () => {
    const before = await tableCounts();
    await expect(redeemPoints({ shop, staff }, { customerId, points: 96 }, null)).rejects.toMatchObject({
      fieldErrors: { points: ["Only 95 points are available"] },
    });
    const taken = fakeShopify("taken");
    await expect(redeemPoints({ shop, staff }, { customerId, points: 50 }, taken.graphql)).rejects.toMatchObject({
      fieldErrors: { points: ["Shopify: Code must be unique"] },
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("creates a single-use code for that customer in Shopify and debits the points", async () => {
    const shopify = fakeShopify("ok");
    const r = await redeemPoints({ shop, staff }, { customerId, points: 50 }, shopify.graphql);
    expect(r).toMatchObject({ points: 50, valueMinor: 50, status: "issued" });
    const input = shopify.sent[0].variables.basicCodeDiscount;
    expect(input).toMatchObject({
      code: r.code,
      usageLimit: 1,
      appliesOncePerCustomer: true,
      context: { customers: { add: ["gid://shopify/Customer/501"] } },
      customerGets: { value: { discountAmount: { amount: "0.50" } }, items: { all: true } },
    });
    expect(await balance()).toBe(45);
    // The period's redeemed value: a cost in the one profit formula (profit.db.test.ts).
    const today = dayInZone(new Date(), shop.timezone);
    expect(await loyaltyCost(shop.id, { from: today, to: today })).toBe(50);
    expect((await prisma.loyaltyRedemption.findFirstOrThrow({ where: { id: r.id } })).shopifyDiscountId).toBe(
      "gid://shopify/DiscountCodeNode/777",
    );
  });

  it("is marked used by the order that carries the code", async () => {
    const r = await prisma.loyaltyRedemption.findFirstOrThrow({ where: { shopId: shop.id } });
    const order = {
      ...fixture<Record<string, any>>("webhook-order.json"),
      id: 5891234567999,
      admin_graphql_api_id: "gid://shopify/Order/5891234567999",
      discount_codes: [{ code: r.code.toLowerCase(), amount: "0.50", type: "fixed_amount" }],
    };
    expect(await deliver(ordersCreate, "orders/create", order)).toBe(200);
    const used = await prisma.loyaltyRedemption.findUniqueOrThrow({ where: { id: r.id } });
    expect(used.status).toBe("used");
    expect(used.usedOrderId).toBeTruthy();
    // Once an order used it, its value sits in that order's discounts (on the order's day,
    // 2026-06-20 in the recorded payload), not in the loyalty line: over both days it counts once.
    const today = dayInZone(new Date(), shop.timezone);
    expect(await loyaltyCost(shop.id, { from: "2026-06-01", to: today })).toBe(0);
    // Used codes never come back, even after their date.
    await expireAndReimburse(shop, new Date(Date.now() + 365 * 86_400_000));
    expect(await prisma.loyaltyLedgerEntry.count({ where: { shopId: shop.id, kind: "reimburse" } })).toBe(0);
  });

  it("gives the points of an unused, expired code back, once", async () => {
    const before = await balance();
    const r = await redeemPoints({ shop, staff }, { customerId, points: 20 }, null);
    expect(await balance()).toBe(before - 20);
    const later = new Date(Date.now() + 91 * 86_400_000);
    expect((await expireAndReimburse(shop, later)).reimbursed).toBe(1);
    expect((await expireAndReimburse(shop, later)).reimbursed).toBe(0);
    expect(await balance()).toBe(before);
    expect((await prisma.loyaltyRedemption.findUniqueOrThrow({ where: { id: r.id } })).status).toBe("expired");
    const member = await prisma.loyaltyMember.findFirstOrThrow({ where: { shopId: shop.id, customerId } });
    expect(member.balance).toBe(before);
  });
});

describe("the per-day rollup", () => {
  it("equals the ledger summed by day and kind, for every shop", async () => {
    const ledger = await prisma.loyaltyLedgerEntry.groupBy({
      by: ["shopId", "day", "kind"],
      _sum: { points: true },
      orderBy: [{ shopId: "asc" }, { day: "asc" }, { kind: "asc" }],
    });
    const days = await prisma.loyaltyDay.findMany({ orderBy: [{ shopId: "asc" }, { day: "asc" }, { kind: "asc" }] });
    expect(days.map((d) => [d.shopId, d.day, d.kind, d.points])).toEqual(
      ledger.map((l) => [l.shopId, l.day, l.kind, l._sum.points]),
    );
    expect(days.length).toBeGreaterThan(0);
  });
});
