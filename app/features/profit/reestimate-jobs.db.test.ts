// A rule save's re-estimate in the background (docs/decisions/126): the save answers before the
// job runs, the job leaves the orders and rollups exactly as the old synchronous re-estimate did,
// its progress ends done, two saves in a row end on the latest rules, a failed run says so and
// its Retry finishes the work, and shop A's save never touches shop B's orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import {
  ALL_GATEWAYS,
  reestimateFees,
  reestimateShipping,
  reestimateStatus,
  requestReestimate,
  saveFeeRule,
  saveShippingRule,
} from "~/features/profit/index.server";
import { shippingRuleSchema } from "~/features/profit/shipping-rules-schema";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { createShop } from "~tests/factories";
import { runReestimates } from "~tests/reestimates";

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
let twin: Shop;
const actor = (shop: Shop) => ({ shop, staff: { email: "owner@example.com", name: "Owner" } });
const DAYS = ["2026-06-01", "2026-06-02", "2026-06-03"];

async function seedOrders(shop: Shop) {
  await prisma.order.createMany({
    data: DAYS.flatMap((day, d) =>
      Array.from({ length: 45 }, (_, i) => ({
        shopId: shop.id,
        shopifyId: `gid://shopify/Order/${d * 100 + i}`,
        name: `#${d * 100 + i}`,
        processedAt: new Date(`${day}T12:00:00Z`),
        day,
        currency: "USD",
        grossSalesMinor: 1_000 + i * 37,
        totalMinor: 1_000 + i * 37,
        gateways: i % 3 === 0 ? "paypal" : i % 3 === 1 ? "manual" : "shopify_payments",
        paymentFeeSource: i % 3 === 2 ? "shopify_payments" : "none",
        paymentFeesMinor: i % 3 === 2 ? 31 : null,
        shippingCountryCode: i % 2 ? "US" : "DE",
        shippingCostSource: "none",
      })),
    ),
  });
}

/** What a shop's orders and rollups hold, without ids, to compare two shops. */
async function figures(shop: Shop) {
  const orders = await prisma.order.findMany({
    where: { shopId: shop.id },
    select: { shopifyId: true, paymentFeesMinor: true, paymentFeeSource: true, shippingCostMinor: true },
    orderBy: { shopifyId: "asc" },
  });
  const rollups = await prisma.dailyRollup.findMany({
    where: { shopId: shop.id },
    select: { day: true, paymentFeesMinor: true, shippingCostMinor: true, unknownShippingCostOrders: true },
    orderBy: { day: "asc" },
  });
  return { orders, rollups };
}

const usRule = (amount: string) =>
  shippingRuleSchema.parse({
    scope: "country",
    country: "US",
    basis: "order",
    amount,
    zoneName: "",
    zoneCountries: "",
    bands: "",
  });

beforeAll(async () => {
  [a, b, twin] = [await createShop(), await createShop(), await createShop()];
  for (const shop of [a, b, twin]) await seedOrders(shop);
});
afterAll(stopJobQueue);

describe("a rule save", () => {
  it("answers before the re-estimate, which the job then runs to done", async () => {
    await saveFeeRule(actor(a), { gateway: "paypal", rate: "3", fixed: "0.30" });
    expect(await prisma.order.count({ where: { shopId: a.id, paymentFeeSource: "rule" } })).toBe(0);
    expect(await reestimateStatus(a.id, "fees")).toMatchObject({ state: "queued" });
    expect(await runReestimates()).toBe(1);
    expect(await prisma.order.count({ where: { shopId: a.id, paymentFeeSource: "rule" } })).toBe(45);
    const status = await reestimateStatus(a.id, "fees");
    expect(status).toMatchObject({ state: "done", done: 45, total: 45, error: null });
    expect(status?.finishedAt).not.toBeNull();
  });

  it("leaves the same figures as the old synchronous re-estimate", async () => {
    await saveShippingRule(actor(a), usRule("6.50"));
    await runReestimates();
    // The twin gets the same rules written directly and the re-estimates called in line.
    await prisma.paymentFeeRule.create({ data: { shopId: twin.id, gateway: "paypal", rateBps: 300, fixedMinor: 30 } });
    await prisma.shippingRule.create({
      data: {
        shopId: twin.id,
        scope: "country",
        scopeKey: "country:US",
        countries: "US",
        basis: "order",
        amountMinor: 650,
      },
    });
    await reestimateFees(twin.id, "paypal");
    await reestimateShipping(twin.id);
    expect(await figures(a)).toEqual(await figures(twin));
  });

  it("twice in a row ends on the latest rules", async () => {
    await saveShippingRule(
      actor(a),
      usRule("7"),
      (await prisma.shippingRule.findFirstOrThrow({ where: { shopId: a.id } })).id,
    );
    const id = (await prisma.shippingRule.findFirstOrThrow({ where: { shopId: a.id } })).id;
    await saveShippingRule(actor(a), usRule("8.25"), id);
    await saveFeeRule(actor(a), { gateway: "manual", rate: "0", fixed: "1" });
    await saveFeeRule(actor(a), { gateway: "paypal", rate: "2", fixed: "0" });
    await runReestimates();
    const us = await prisma.order.findMany({
      where: { shopId: a.id, shippingCountryCode: "US" },
      select: { shippingCostMinor: true },
    });
    expect(new Set(us.map((o) => o.shippingCostMinor))).toEqual(new Set([825]));
    const fees = await prisma.order.findMany({
      where: { shopId: a.id, paymentFeeSource: "rule" },
      select: { gateways: true, totalMinor: true, paymentFeesMinor: true },
    });
    expect(fees).toHaveLength(90);
    for (const o of fees)
      expect(o.paymentFeesMinor).toBe(o.gateways === "manual" ? 100 : Math.round(o.totalMinor * 0.02));
    expect(await reestimateStatus(a.id, "shipping")).toMatchObject({ state: "done" });
  });

  it("a second save while a run is going makes it run again with the latest rules", async () => {
    const id = (await prisma.shippingRule.findFirstOrThrow({ where: { shopId: a.id } })).id;
    await saveShippingRule(actor(a), usRule("9"), id);
    // The run is claimed; the next save lands while it holds the row.
    await prisma.ruleReestimate.updateMany({ where: { shopId: a.id, kind: "shipping" }, data: { status: "running" } });
    await saveShippingRule(actor(a), usRule("9.75"), id);
    await prisma.ruleReestimate.updateMany({ where: { shopId: a.id, kind: "shipping" }, data: { status: "queued" } });
    await runReestimates();
    const us = await prisma.order.findMany({
      where: { shopId: a.id, shippingCountryCode: "US" },
      select: { shippingCostMinor: true },
    });
    expect(new Set(us.map((o) => o.shippingCostMinor))).toEqual(new Set([975]));
    const row = await prisma.ruleReestimate.findFirstOrThrow({ where: { shopId: a.id, kind: "shipping" } });
    expect(row.started).toBe(row.requested);
  });

  it("never touches another shop's orders", async () => {
    const untouched = await prisma.order.groupBy({
      by: ["paymentFeeSource", "shippingCostSource"],
      where: { shopId: b.id },
      _count: true,
    });
    expect(untouched.map((g) => [g.paymentFeeSource, g.shippingCostSource, g._count]).sort()).toEqual(
      [
        ["none", "none", 90],
        ["shopify_payments", "none", 45],
      ].sort(),
    );
    expect(await reestimateStatus(b.id, "fees")).toBeNull();
  });
});

describe("a failed run", () => {
  it("shows its error, and its Retry re-estimates every gateway", async () => {
    await prisma.paymentFeeRule.create({ data: { shopId: b.id, gateway: "manual", rateBps: 0, fixedMinor: 50 } });
    await requestReestimate(b.id, "fees", "manual");
    // As a run whose process died: running, silent for longer than a run may be.
    const row = await prisma.ruleReestimate.findFirstOrThrow({ where: { shopId: b.id, kind: "fees" } });
    await prisma.ruleReestimate.update({
      where: { id: row.id },
      data: { status: "running", started: row.requested, gateways: "", updatedAt: new Date(Date.now() - 3_600_000) },
    });
    expect(await reestimateStatus(b.id, "fees")).toMatchObject({
      state: "failed",
      error: "The re-estimate stopped without finishing",
    });
    await requestReestimate(b.id, "fees", ALL_GATEWAYS);
    await runReestimates();
    expect(await reestimateStatus(b.id, "fees")).toMatchObject({ state: "done", error: null });
    expect(await prisma.order.count({ where: { shopId: b.id, paymentFeeSource: "rule", paymentFeesMinor: 50 } })).toBe(
      45,
    );
  });
});
