// The customers' order summaries (decision 067) equal a direct computation from the stored
// orders after an import, an order webhook, a refund, a cancellation and an order moved to
// another customer; a whole-shop recompute that reads them (no rebuild) scores as one that
// reads every order.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { IMPORT_JOB, registerStoreSyncJobs, requestResync } from "~/features/store-sync/index.server";
import type { JobHandler, JobQueue } from "~/platform/jobs/index.server";
import { shopify } from "~/shopify.server";
import { createProduct, createShop } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { fixture, fixtureStore, stubAdminApi } from "~tests/shopify-admin";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as ordersUpdated from "~/routes/webhooks.orders.updated";
import * as ordersCancelled from "~/routes/webhooks.orders.cancelled";
import * as refundsCreate from "~/routes/webhooks.refunds.create";
import * as customersCreate from "~/routes/webhooks.customers.create";
import { recomputeShopById } from "./jobs.server";
import { recomputeShop } from "./recompute.server";
import { summarize } from "./summary";

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const deliver = async (route: Route, topic: string, domain: string, payload: unknown, webhookId: string) =>
  (await route.action({ request: webhookRequest(topic, domain, payload, { webhookId }), params: {}, context: {} }))
    .status;

/** The stored summaries, and each recomputed from the customer's orders as of the instant it was taken. */
async function summariesAndDirect(shopId: string) {
  const stored = await prisma.customerOrderSummary.findMany({ where: { shopId }, orderBy: { customerId: "asc" } });
  const customers = await prisma.customer.findMany({
    where: { shopId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      orders: { where: { cancelledAt: null }, select: { processedAt: true, totalMinor: true, refundsMinor: true } },
    },
  });
  const windowAt = new Map(stored.map((s) => [s.customerId, s.windowAtMs]));
  const direct = customers
    .filter((c) => c.orders.length)
    .map((c) => ({
      shopId,
      customerId: c.id,
      ...summarize(
        c.orders.map((o) => o.processedAt.getTime()),
        c.orders.map((o) => o.totalMinor - o.refundsMinor),
        // A missing row shows as a mismatch below, whatever instant is used here.
        windowAt.get(c.id) ?? Date.now(),
      ),
    }));
  return { stored, direct };
}

async function expectSummariesCurrent(shopId: string) {
  const { stored, direct } = await summariesAndDirect(shopId);
  expect(stored).toEqual(direct);
  return stored;
}

/** Every customer's scores as stored, for comparing two recomputes. */
const scores = (shopId: string) =>
  prisma.customerScore.findMany({
    where: { shopId },
    orderBy: { customerId: "asc" },
    select: {
      customerId: true,
      orders: true,
      totalSpentMinor: true,
      recencyDays: true,
      frequency: true,
      monetaryMinor: true,
      medianGapDays: true,
      r: true,
      f: true,
      m: true,
      segment: true,
      value: { select: { predicted12mMinor: true } },
      pNoPurchase90: true,
      expectedNextOrderAt: true,
    },
  });

describe("customer order summaries", () => {
  it("equal the orders after an import, an order webhook, a refund, a cancellation and a moved order", async () => {
    const domain = "customers-summary.myshopify.com";
    const shop = await createShop({ domain, timezone: "America/New_York" });
    await installSession(domain);
    restore = stubAdminApi(fixtureStore().route).restore;
    const pending: unknown[] = [];
    let handler: JobHandler<unknown> | null = null;
    const queue = {
      engine: "sqlite",
      // The import's handler only (store-sync registers its other jobs on the same queue).
      register: (name: string, h: JobHandler<unknown>) => void (name === IMPORT_JOB && (handler = h)),
      enqueue: async (_name: string, payload: unknown) => (pending.push(payload), "job"),
      schedule: () => {},
    } as unknown as JobQueue;
    registerStoreSyncJobs(queue, {
      adminFor: async (d) => ({ graphql: (await shopify().unauthenticated.admin(d)).admin.graphql }),
      delay: () => 0,
    });
    await requestResync(shop, queue);
    for (let i = 0; i < 200 && pending.length; i++)
      await handler!(pending.shift(), { id: "job", name: "import", attempt: 1 });

    // After the import the recompute rebuilds the summaries from the imported orders.
    const first = await recomputeShopById(shop.id);
    expect(first?.summariesRebuilt).toBe(true);
    const imported = await expectSummariesCurrent(shop.id);
    expect(imported.length).toBeGreaterThan(0);
    // The next recompute reads them instead of the orders.
    expect((await recomputeShopById(shop.id))?.summariesRebuilt).toBe(false);

    // An order webhook for a customer, then a refund of it, then its cancellation.
    await createProduct(shop.id);
    expect(await deliver(customersCreate, "customers/create", domain, fixture("webhook-customer.json"), "c-1")).toBe(
      200,
    );
    const order = fixture<Record<string, unknown>>("webhook-order.json");
    expect(await deliver(ordersCreate, "orders/create", domain, order, "o-1")).toBe(200);
    const ann = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "ann@example.com" } });
    const annBefore = imported.find((s) => s.customerId === ann.id);
    const afterOrder = await expectSummariesCurrent(shop.id);
    expect(afterOrder.find((s) => s.customerId === ann.id)).toMatchObject({
      orders: (annBefore?.orders ?? 0) + 1,
      netMinor: (annBefore?.netMinor ?? 0) + 117_00,
    });

    expect(await deliver(refundsCreate, "refunds/create", domain, fixture("webhook-refund.json"), "rf-1")).toBe(200);
    const afterRefund = await expectSummariesCurrent(shop.id);
    expect(afterRefund.find((s) => s.customerId === ann.id)!.netMinor).toBeLessThan(
      (annBefore?.netMinor ?? 0) + 117_00,
    );

    // The order moves to another customer: both customers' summaries follow.
    const other = imported.find((s) => s.customerId !== ann.id)!.customerId;
    const otherShopifyId = (await prisma.customer.findUniqueOrThrow({ where: { id: other } })).shopifyId!;
    const moved = {
      ...order,
      updated_at: "2026-06-26T10:00:00-04:00",
      customer: { id: Number(otherShopifyId.split("/").pop()), admin_graphql_api_id: otherShopifyId },
    };
    expect(await deliver(ordersUpdated, "orders/updated", domain, moved, "o-2")).toBe(200);
    const afterMove = await expectSummariesCurrent(shop.id);
    const withoutInstant = (s: { windowAtMs: number } | undefined) => s && { ...s, windowAtMs: 0 };
    expect(withoutInstant(afterMove.find((s) => s.customerId === ann.id))).toEqual(withoutInstant(annBefore));

    const cancelled = { ...moved, updated_at: "2026-06-27T10:00:00-04:00", cancelled_at: "2026-06-27T10:00:00-04:00" };
    expect(await deliver(ordersCancelled, "orders/cancelled", domain, cancelled, "o-3")).toBe(200);
    const afterCancel = await expectSummariesCurrent(shop.id);
    // Back to what the import gave (the window taken at another instant says the same).
    expect(withoutInstant(afterCancel.find((s) => s.customerId === other))).toEqual(
      withoutInstant(imported.find((s) => s.customerId === other)),
    );

    // A recompute from the summaries scores every customer as one that reads every order.
    const fromSummaries = await recomputeShop(shop);
    expect(fromSummaries.summariesRebuilt).toBe(false);
    const viaSummaries = await scores(shop.id);
    await recomputeShop(shop, { rebuild: true });
    expect(await scores(shop.id)).toEqual(viaSummaries);
  });

  it("follow the 365-day window as orders leave it, and score as a direct computation", async () => {
    const shop = await createShop();
    const customer = await prisma.customer.create({
      data: { shopId: shop.id, email: "w@example.com", createdAt: new Date("2024-01-01T00:00:00Z") },
    });
    for (const [i, at] of ["2025-02-01T12:00:00Z", "2025-08-01T12:00:00Z", "2026-01-10T12:00:00Z"].entries())
      await prisma.order.create({
        data: {
          shopId: shop.id,
          customerId: customer.id,
          name: `#${i}`,
          processedAt: new Date(at),
          day: at.slice(0, 10),
          currency: "USD",
          grossSalesMinor: 10_000 * (i + 1),
          totalMinor: 10_000 * (i + 1),
          refundsMinor: i === 1 ? 500 : 0,
        },
      });
    const january = new Date("2026-01-20T00:00:00Z");
    await recomputeShop(shop, { now: january, rebuild: true });
    const taken = await prisma.customerOrderSummary.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(taken).toMatchObject({ windowOrders: 3, windowNetMinor: 59_500 });
    // The February 2025 order left the window on 1 February 2026.
    expect(new Date(taken.windowEdgeMs!).toISOString()).toBe("2026-02-01T12:00:00.000Z");
    const march = new Date("2026-03-01T00:00:00Z");
    const run = await recomputeShop(shop, { now: march });
    expect(run.summariesRebuilt).toBe(false);
    const row = await prisma.customerScore.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(row).toMatchObject({ orders: 3, frequency: 2, monetaryMinor: 49_500, totalSpentMinor: 59_500 });
    expect(await prisma.customerOrderSummary.findFirstOrThrow({ where: { shopId: shop.id } })).toMatchObject({
      windowAtMs: march.getTime(),
      windowOrders: 2,
      windowNetMinor: 49_500,
      windowEdgeMs: new Date("2026-08-01T12:00:00Z").getTime(),
    });
    // When the August order leaves too.
    const september = new Date("2026-09-01T00:00:00Z");
    await recomputeShop(shop, { now: september });
    expect(await prisma.customerScore.findFirstOrThrow({ where: { shopId: shop.id } })).toMatchObject({
      frequency: 1,
      monetaryMinor: 30_000,
    });
    expect(await prisma.customerOrderSummary.findFirstOrThrow({ where: { shopId: shop.id } })).toMatchObject({
      windowAtMs: september.getTime(),
      windowOrders: 1,
      windowNetMinor: 30_000,
      windowEdgeMs: new Date("2027-01-10T12:00:00Z").getTime(),
    });
  });

  it("rebuild after an import that ran since they were built", async () => {
    const shop = await createShop();
    await recomputeShop(shop);
    expect((await recomputeShop(shop)).summariesRebuilt).toBe(false);
    await prisma.importRun.create({ data: { shopId: shop.id, status: "succeeded", finishedAt: new Date() } });
    expect((await recomputeShop(shop)).summariesRebuilt).toBe(true);
    expect((await recomputeShop(shop)).summariesRebuilt).toBe(false);
  });
});
