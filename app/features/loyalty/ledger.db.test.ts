// Points posted from the order and refund webhooks as Shopify delivers them: once per
// order, refund and cancellation however often the deliveries are replayed.
import { beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { webhookRequest } from "~tests/shopify";
import { fixture } from "~tests/shopify-admin";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as ordersUpdated from "~/routes/webhooks.orders.updated";
import * as ordersCancelled from "~/routes/webhooks.orders.cancelled";
import * as refundsCreate from "~/routes/webhooks.refunds.create";
import * as customersCreate from "~/routes/webhooks.customers.create";

const SHOP = "loyal-store.myshopify.com";
const OTHER = "other-loyal-store.myshopify.com";
type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const ROUTES: Record<string, Route> = {
  "orders/create": ordersCreate,
  "orders/updated": ordersUpdated,
  "orders/cancelled": ordersCancelled,
  "refunds/create": refundsCreate,
  "customers/create": customersCreate,
};

async function deliver(topic: string, payload: unknown, shop = SHOP) {
  // A fresh webhook id each time: the delivery log does not dedupe, only the ledger's keys can.
  const response = await ROUTES[topic].action({
    request: webhookRequest(topic, shop, payload),
    params: {},
    context: {},
  });
  return response.status;
}

const order = () => fixture<Record<string, any>>("webhook-order.json");
const refund = () => fixture<Record<string, any>>("webhook-refund.json");

let shopId: string;
let otherId: string;

async function ledger(id = shopId) {
  return prisma.loyaltyLedgerEntry.findMany({
    where: { shopId: id },
    orderBy: [{ occurredAt: "asc" }, { key: "asc" }],
    select: { kind: true, points: true, key: true, eligibleMinor: true, orderTotalMinor: true },
  });
}

async function member(id = shopId) {
  return prisma.loyaltyMember.findMany({ where: { shopId: id }, select: { balance: true, earned: true } });
}

beforeAll(async () => {
  shopId = (await createShop({ domain: SHOP, timezone: "America/New_York" })).id;
  otherId = (await createShop({ domain: OTHER })).id;
  expect(await deliver("customers/create", fixture("webhook-customer.json"))).toBe(200);
});

describe("posting from webhooks", () => {
  it("earns once on the subtotal after discounts, however often the order is delivered", async () => {
    for (let i = 0; i < 3; i++) expect(await deliver("orders/create", order())).toBe(200);
    expect(await deliver("orders/updated", { ...order(), updated_at: "2026-06-20T15:00:00-04:00" })).toBe(200);
    // $100 of lines less $5 discount = $95 at 1 point per dollar (Bronze, ×1; no campaign).
    expect(await ledger()).toEqual([
      { kind: "earn", points: 95, key: expect.stringMatching(/^earn:/), eligibleMinor: 95_00, orderTotalMinor: 117_00 },
    ]);
    expect(await member()).toEqual([{ balance: 95, earned: 95 }]);
  });

  it("reverses a refund once, in proportion to the total recorded at earn time", async () => {
    expect(await deliver("refunds/create", refund())).toBe(200);
    expect(await deliver("refunds/create", refund())).toBe(200);
    // The refund also arrives inside a later orders/updated: still reversed once.
    const withRefund = {
      ...order(),
      updated_at: "2026-06-25T10:00:05-04:00",
      refunds: [{ ...refund(), order_id: undefined }],
    };
    expect(await deliver("orders/updated", withRefund)).toBe(200);
    const entries = await ledger();
    // 106.40 of 117.00 refunded: floor(95 × 10640 / 11700) = 86 points.
    expect(entries.map((e) => [e.kind, e.points])).toEqual([
      ["earn", 95],
      ["reverse", -86],
    ]);
    expect(await member()).toEqual([{ balance: 9, earned: 95 }]);
  });

  it("reverses the rest when the order is cancelled, once", async () => {
    const cancelled = {
      ...order(),
      updated_at: "2026-06-26T10:00:00-04:00",
      cancelled_at: "2026-06-26T10:00:00-04:00",
    };
    expect(await deliver("orders/cancelled", cancelled)).toBe(200);
    expect(await deliver("orders/cancelled", { ...cancelled, updated_at: "2026-06-26T10:00:01-04:00" })).toBe(200);
    const entries = await ledger();
    expect(entries.map((e) => [e.kind, e.points])).toEqual([
      ["earn", 95],
      ["reverse", -86],
      ["reverse", -9],
    ]);
    const sum = entries.reduce((s, e) => s + e.points, 0);
    expect(await member()).toEqual([{ balance: sum, earned: 95 }]);
  });

  it("keeps each shop's ledger apart", async () => {
    expect(await deliver("customers/create", fixture("webhook-customer.json"), OTHER)).toBe(200);
    expect(await deliver("orders/create", order(), OTHER)).toBe(200);
    expect((await ledger(otherId)).map((e) => e.points)).toEqual([95]);
    expect((await ledger()).map((e) => e.points)).toEqual([95, -86, -9]);
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
