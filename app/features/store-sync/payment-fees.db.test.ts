// Payment fees end to end (docs/decisions/088): the recorded bulk orders imported into two shops,
// Shopify Payments' fee read from the transactions, a PayPal order unknown until its gateway has a
// rule, the rule's estimate re-applied to past orders with the rollups following, an order webhook
// (no transactions) keeping Shopify's fee, and shop B untouched by shop A's rules.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { importOrders } from "~/features/store-sync/import.server";
import { orderFromRest } from "~/features/store-sync/normalize";
import { upsertOrder } from "~/features/store-sync/writes.server";
import type { RestOrder } from "~/features/store-sync/admin-types";
import {
  deleteFeeRule,
  FeeRuleNotFound,
  feeGateways,
  missingCosts,
  rebuildRollups,
  saveFeeRule,
} from "~/features/profit/index.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { createShop } from "~tests/factories";
import { runReestimates } from "~tests/reestimates";

const FIXTURES = path.join(process.cwd(), "tests", "fixtures", "shopify");
const JUNE = { from: "2026-06-01", to: "2026-06-30" };

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
const actor = (shop: Shop) => ({ shop, staff: { email: "owner@example.com", name: "Owner" } });

async function importFixture(shop: Shop) {
  await importOrders(shop, fs.createReadStream(path.join(FIXTURES, "bulk-orders.jsonl")));
  // As the import does once its orders are written.
  await rebuildRollups(shop.id);
}

const order = (shop: Shop, number: number) =>
  prisma.order.findUniqueOrThrow({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: `gid://shopify/Order/${number}` } },
    select: { paymentFeesMinor: true, paymentFeeSource: true, gateways: true, totalMinor: true, day: true },
  });

async function rollupFees(shop: Shop) {
  const { _sum } = await prisma.dailyRollup.aggregate({
    where: { shopId: shop.id, day: { gte: JUNE.from, lte: JUNE.to } },
    _sum: {
      paymentFeesMinor: true,
      unknownPaymentFeeOrders: true,
      feesShopifyPaymentsMinor: true,
      feesByRuleMinor: true,
      noFeeRuleOrders: true,
    },
  });
  // The sums by source (decision 097) always add up with the orders' own sources.
  expect(_sum.feesShopifyPaymentsMinor).toBe(3_20);
  expect((_sum.feesShopifyPaymentsMinor ?? 0) + (_sum.feesByRuleMinor ?? 0)).toBe(_sum.paymentFeesMinor);
  expect(_sum.noFeeRuleOrders).toBe(_sum.unknownPaymentFeeOrders);
  return { fees: _sum.paymentFeesMinor ?? 0, unknown: _sum.unknownPaymentFeeOrders ?? 0 };
}

beforeAll(async () => {
  a = await createShop({ domain: "fees-a.myshopify.com", currency: "USD", timezone: "America/New_York" });
  b = await createShop({ domain: "fees-b.myshopify.com", currency: "USD", timezone: "America/New_York" });
  await importFixture(a);
  await importFixture(b);
});
afterAll(stopJobQueue);

describe("payment fees from the bulk import", () => {
  it("take Shopify Payments' fee from the transactions and leave another gateway's unknown", async () => {
    expect(await order(a, 1001)).toMatchObject({
      paymentFeesMinor: 3_20,
      paymentFeeSource: "shopify_payments",
      gateways: "shopify_payments",
    });
    expect(await order(a, 1002)).toMatchObject({
      paymentFeesMinor: null,
      paymentFeeSource: "none",
      gateways: "paypal",
    });
    // An authorization voided: no charge, so no fee from Shopify (and the order is cancelled).
    expect(await order(a, 1003)).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
    expect(await rollupFees(a)).toEqual({ fees: 3_20, unknown: 1 });
  });

  it("count the gateway without a rule in the one missing-cost count, never as zero", async () => {
    const missing = await missingCosts(a.id, JUNE);
    expect(missing.unknownFeeOrders).toBe(1);
    expect(missing.orders).toBe(2);
    expect(await feeGateways(a)).toEqual([
      { gateway: "paypal", orders: 1, unknown: 1, actual: 0 },
      { gateway: "shopify_payments", orders: 1, unknown: 0, actual: 1 },
    ]);
  });
});

describe("fee rules", () => {
  it("estimate past orders of the gateway, mark them as a rule's, and move the rollups", async () => {
    await saveFeeRule(actor(a), { gateway: "paypal", rate: "3.49", fixed: "0.49" });
    // The save answers before the re-estimate: the order keeps its unknown fee until the job ran.
    expect(await order(a, 1002)).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
    expect(await runReestimates()).toBe(1);
    const paypal = await order(a, 1002);
    const expected = Math.round((paypal.totalMinor * 349) / 10_000) + 49;
    expect(paypal).toMatchObject({ paymentFeesMinor: expected, paymentFeeSource: "rule" });
    // Shopify's own fee is never replaced by a rule.
    expect(await order(a, 1001)).toMatchObject({ paymentFeesMinor: 3_20, paymentFeeSource: "shopify_payments" });
    expect(await rollupFees(a)).toEqual({ fees: 3_20 + expected, unknown: 0 });
    expect((await missingCosts(a.id, JUNE)).unknownFeeOrders).toBe(0);
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { shopId: a.id, action: "costs.fee_rule.add" },
      select: { entityType: true, after: true },
    });
    expect(audit.entityType).toBe("PaymentFeeRule");
    expect(JSON.parse(audit.after!)).toMatchObject({ gateway: "paypal", rate: "3.49", fixed: "0.49" });
  });

  it("re-estimate when a rule changes", async () => {
    await saveFeeRule(actor(a), { gateway: "paypal", rate: "2", fixed: "0" });
    await runReestimates();
    const paypal = await order(a, 1002);
    expect(paypal.paymentFeesMinor).toBe(Math.round(paypal.totalMinor * 0.02));
    expect(await prisma.paymentFeeRule.count({ where: { shopId: a.id } })).toBe(1);
  });

  it("never reach another shop's orders", async () => {
    expect(await order(b, 1002)).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
    expect(await rollupFees(b)).toEqual({ fees: 3_20, unknown: 1 });
    const ruleOfA = await prisma.paymentFeeRule.findFirstOrThrow({ where: { shopId: a.id } });
    await expect(deleteFeeRule(actor(b), ruleOfA.id)).rejects.toBeInstanceOf(FeeRuleNotFound);
    expect(await prisma.paymentFeeRule.count({ where: { id: ruleOfA.id } })).toBe(1);
  });

  it("make the gateway's orders unknown again when deleted", async () => {
    const rule = await prisma.paymentFeeRule.findFirstOrThrow({ where: { shopId: a.id } });
    await deleteFeeRule(actor(a), rule.id);
    await runReestimates();
    expect(await order(a, 1002)).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
    expect(await rollupFees(a)).toEqual({ fees: 3_20, unknown: 1 });
  });
});

describe("order webhooks", () => {
  const payload = (gateways: string[]): RestOrder => ({
    ...(JSON.parse(fs.readFileSync(path.join(FIXTURES, "webhook-order.json"), "utf8")) as RestOrder),
    id: 1001,
    admin_graphql_api_id: "gid://shopify/Order/1001",
    updated_at: "2026-06-20T00:00:00Z",
    payment_gateway_names: gateways,
  });

  it("keep the Shopify Payments fee the import read (the payload has no transactions)", async () => {
    await upsertOrder(prisma, a, orderFromRest(payload(["shopify_payments"]), "USD"));
    expect(await order(a, 1001)).toMatchObject({ paymentFeesMinor: 3_20, paymentFeeSource: "shopify_payments" });
  });

  it("estimate a new order of a gateway with a rule, and leave one without a rule unknown", async () => {
    await saveFeeRule(actor(a), { gateway: "manual", rate: "0", fixed: "1.00" });
    await runReestimates();
    const manual = { ...payload(["manual"]), id: 77, admin_graphql_api_id: "gid://shopify/Order/77" };
    await upsertOrder(prisma, a, orderFromRest(manual, "USD"));
    expect(await order(a, 77)).toMatchObject({ paymentFeesMinor: 1_00, paymentFeeSource: "rule", gateways: "manual" });
    const other = { ...payload(["bogus"]), id: 78, admin_graphql_api_id: "gid://shopify/Order/78" };
    await upsertOrder(prisma, a, orderFromRest(other, "USD"));
    expect(await order(a, 78)).toMatchObject({ paymentFeesMinor: null, paymentFeeSource: "none" });
  });
});
