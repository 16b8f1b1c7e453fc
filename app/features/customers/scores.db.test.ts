// Scores kept current: the whole-shop recompute after an import equals a direct computation
// from the orders; one webhook rescores exactly its customer; a redacted customer leaves.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { IMPORT_JOB, registerStoreSyncJobs, requestResync } from "~/features/store-sync/index.server";
import type { JobHandler, JobQueue } from "~/platform/jobs/index.server";
import { shopify } from "~/shopify.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { fixture, fixtureStore, stubAdminApi } from "~tests/shopify-admin";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as customersCreate from "~/routes/webhooks.customers.create";
import * as customersRedact from "~/routes/webhooks.customers.redact";
import { DEFAULT_SEGMENT_SETTINGS } from "./rfm";
import { figuresOf, scoreCustomers, segmentOf, predict } from "~tests/customers-reference";
import { segmentSummary } from "./list.server";
import { recomputeShop } from "./recompute.server";
import { rescoreCustomer } from "./rescore.server";
import { getStoredModel, saveSegmentSettings } from "./score-store.server";
import { recomputeShopById, shopsImportedSinceRecompute } from "./jobs.server";

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const deliver = async (route: Route, topic: string, domain: string, payload: unknown, webhookId?: string) =>
  (await route.action({ request: webhookRequest(topic, domain, payload, { webhookId }), params: {}, context: {} }))
    .status;

/**
 * The segments computed straight from the stored orders with the pure rules, At-Risk on the
 * churn risk of the shop's stored model as of `now`.
 */
async function directSegments(shopId: string, now: Date) {
  const customers = await prisma.customer.findMany({
    where: { shopId, redactedAt: null, deletedAt: null },
    select: {
      id: true,
      orders: { where: { cancelledAt: null }, select: { processedAt: true, totalMinor: true, refundsMinor: true } },
    },
  });
  const model = (await getStoredModel(prisma, shopId))!.model;
  const histories = customers.map((c) => ({
    id: c.id,
    orderTimes: c.orders.map((o) => o.processedAt.getTime()),
    orderValuesMinor: c.orders.map((o) => o.totalMinor - o.refundsMinor),
  }));
  const figures = customers.map((c) =>
    figuresOf(
      c.id,
      c.orders.map((o) => ({ at: o.processedAt, netMinor: o.totalMinor - o.refundsMinor })),
      now,
    ),
  );
  const scored = scoreCustomers(figures);
  return new Map(
    customers.map((c, i) => {
      const risk = predict(model, histories[i]!, now.getTime())?.churnRisk ?? null;
      const scores = scored.scores.get(c.id) ?? null;
      const segment = segmentOf(figures[i]!, scores, scored.bands, DEFAULT_SEGMENT_SETTINGS, risk);
      return [c.id, { segment: segment.segment, orders: c.orders.length, ...scored.scores.get(c.id) }];
    }),
  );
}

async function storedSegments(shopId: string) {
  const rows = await prisma.customerScore.findMany({
    where: { shopId },
    select: { customerId: true, segment: true, orders: true, r: true, f: true, m: true },
  });
  return new Map(
    rows.map((r) => [
      r.customerId,
      { segment: r.segment, orders: r.orders, ...(r.r === null ? {} : { r: r.r, f: r.f, m: r.m }) },
    ]),
  );
}

describe("whole-shop recompute", () => {
  it("runs after an import and equals a direct computation from the imported orders", async () => {
    const shop = await createShop({ domain: "customers-import.myshopify.com", timezone: "America/New_York" });
    await installSession(shop.domain);
    restore = stubAdminApi(fixtureStore().route).restore;
    // The import's own job handler, driven step by step on a queue that runs each job at once.
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
      adminFor: async (domain) => ({ graphql: (await shopify().unauthenticated.admin(domain)).admin.graphql }),
      delay: () => 0,
    });
    await requestResync(shop, queue);
    for (let i = 0; i < 200 && pending.length; i++)
      await handler!(pending.shift(), { id: "job", name: "import", attempt: 1 });
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBeGreaterThan(0);
    expect(await shopsImportedSinceRecompute()).toContain(shop.id);
    await recomputeShopById(shop.id);
    expect(await shopsImportedSinceRecompute()).not.toContain(shop.id);
    const model = await prisma.customerModel.findUniqueOrThrow({ where: { shopId: shop.id } });
    expect(await storedSegments(shop.id)).toEqual(await directSegments(shop.id, model.computedAt));
  });

  it("keeps the previous segment and the date it changed, with a history row", async () => {
    const shop = await createShop();
    const item = await createProduct(shop.id, { priceMinor: 5_000 });
    const customers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        prisma.customer.create({
          data: { shopId: shop.id, email: `c${i}@example.com`, firstName: `C${i}`, createdAt: new Date("2025-01-01") },
        }),
      ),
    );
    for (const [i, c] of customers.entries())
      for (let k = 0; k <= i % 4; k++)
        await createOrder(shop.id, `2026-0${1 + (i % 5)}-${10 + k}`, [line(item, 1 + (i % 3))], { customerId: c.id });
    const first = new Date("2026-06-15T00:00:00Z");
    await recomputeShop(shop, { now: first });
    expect(await storedSegments(shop.id)).toEqual(await directSegments(shop.id, first));
    // Five customers come back and buy a lot.
    for (const c of customers.slice(0, 5)) {
      for (const day of ["2026-11-02", "2026-11-20", "2026-12-01"])
        await createOrder(shop.id, day, [line(item, 6)], { customerId: c.id });
      // As their order webhooks do: the rescore keeps the customer's order summary current.
      await rescoreCustomer(prisma, shop, c.id);
    }
    const later = new Date("2026-12-15T00:00:00Z");
    const { changes } = await recomputeShop(shop, { now: later });
    expect(await storedSegments(shop.id)).toEqual(await directSegments(shop.id, later));
    expect(changes).toBeGreaterThan(0);
    const changed = await prisma.customerScore.findMany({ where: { shopId: shop.id, segmentChangedAt: later } });
    expect(changed.length).toBe(changes);
    for (const row of changed) expect(row.previousSegment).not.toBe(row.segment);
    expect(await prisma.customerSegmentChange.count({ where: { shopId: shop.id, changedAt: later } })).toBe(changes);
    // Today's segment sizes are recorded for the summary cards.
    const days = await prisma.customerSegmentDay.findMany({ where: { shopId: shop.id, day: "2026-12-15" } });
    expect(days.reduce((s, d) => s + d.customers, 0)).toBe(30);
  });
});

describe("two shops alike", () => {
  it("get the same rows, and a recompute reads no other shop's customers", async () => {
    // Two shops with the same customers and orders, their customers created in turns.
    const shops = [await createShop(), await createShop()];
    const items = await Promise.all(shops.map((s) => createProduct(s.id, { priceMinor: 4_000 })));
    const customers: string[][] = [[], []];
    for (let i = 0; i < 40; i++)
      for (const [k, shop] of shops.entries())
        customers[k]!.push(
          (
            await prisma.customer.create({
              data: { shopId: shop.id, email: `c${i}@example.com`, createdAt: new Date("2025-01-01") },
            })
          ).id,
        );
    const orders = async (k: number, days: string[]) => {
      for (const [i, id] of customers[k]!.entries())
        for (const [d, day] of days.entries())
          if ((i + d) % 3 !== 0)
            await createOrder(shops[k]!.id, day, [line(items[k]!, 1 + (i % 4))], { customerId: id });
    };
    for (const k of [0, 1]) await orders(k, ["2026-01-10", "2026-03-05", "2026-05-20"]);
    const first = new Date("2026-06-01T00:00:00Z");
    for (const shop of shops) await recomputeShop(shop, { now: first });
    // Orders after the next run's instant too: their customers' summaries are taken again.
    for (const k of [0, 1]) await orders(k, ["2026-06-20", "2026-09-01"]);
    for (const [k, shop] of shops.entries())
      for (const id of customers[k]!.slice(0, 10)) await rescoreCustomer(prisma, shop, id, first);
    const later = new Date("2026-08-15T00:00:00Z");
    const a = await recomputeShop(shops[0]!, { now: later });
    const b = await recomputeShop(shops[1]!, { now: later });
    expect(a.customers).toBe(40);
    expect(a.written).toBeGreaterThan(0);
    expect({ ...a, model: null }).toEqual({ ...b, model: null });
    const rows = async (k: number) => {
      const stored = await prisma.customerScore.findMany({ where: { shopId: shops[k]!.id } });
      const at = new Map(customers[k]!.map((id, i) => [id, i]));
      return stored
        .map(({ shopId: _shop, customerId, ...row }) => ({ i: at.get(customerId), ...row }))
        .sort((a, b) => a.i! - b.i!);
    };
    expect(await rows(0)).toEqual(await rows(1));
  });
});

/** A shop of `n` customers with one to three orders each in 2026, written in bulk. */
async function bulkShop(n: number) {
  const shop = await createShop();
  const ids = Array.from({ length: n }, (_, i) => `bulk-${shop.id}-${String(i).padStart(5, "0")}`);
  await prisma.customer.createMany({
    data: ids.map((id, i) => ({ id, shopId: shop.id, email: `b${i}@example.com`, createdAt: new Date("2025-01-01") })),
  });
  const orders = ids.flatMap((customerId, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const at = new Date(Date.UTC(2026, (i + 4 * k) % 10, 1 + ((i * 7 + k) % 27), 12));
      const total = 1_000 + ((i * 37 + k * 11) % 90) * 100;
      return {
        shopId: shop.id,
        customerId,
        name: `#${i}-${k}`,
        processedAt: at,
        day: at.toISOString().slice(0, 10),
        currency: "USD",
        grossSalesMinor: total,
        totalMinor: total,
      };
    }),
  );
  await prisma.order.createMany({ data: orders });
  return { shop, ids };
}

describe("whole-shop writes", () => {
  it("score a shop larger than a write batch, and a second run at the same instant writes nothing", async () => {
    const { shop } = await bulkShop(1_200);
    const now = new Date("2026-11-15T00:00:00Z");
    const first = await recomputeShop(shop, { now, refit: true, rebuild: true });
    expect(first).toMatchObject({ customers: 1_200, written: 1_200, changes: 0 });
    expect(await storedSegments(shop.id)).toEqual(await directSegments(shop.id, now));
    const again = await recomputeShop(shop, { now });
    expect(again).toMatchObject({ customers: 1_200, written: 0, changes: 0 });
  });

  it("applies new thresholds to every row, with a segment change for each customer who moved", async () => {
    const { shop } = await bulkShop(300);
    const now = new Date("2026-11-15T00:00:00Z");
    await recomputeShop(shop, { now, refit: true, rebuild: true });
    const before = await storedSegments(shop.id);
    await saveSegmentSettings(shop.id, { ...DEFAULT_SEGMENT_SETTINGS, newWithinDays: 120 });
    const later = new Date(now.getTime() + 3_600_000);
    const run = await recomputeShop(shop, { now: later });
    const after = await storedSegments(shop.id);
    const moved = [...after].filter(([id, v]) => before.get(id)!.segment !== v.segment);
    expect(moved.length).toBeGreaterThan(0);
    expect(run.changes).toBe(moved.length);
    const changes = await prisma.customerSegmentChange.findMany({ where: { shopId: shop.id } });
    expect(new Set(changes.map((c) => c.customerId))).toEqual(new Set(moved.map(([id]) => id)));
    for (const c of changes)
      expect(c).toMatchObject({ fromSegment: before.get(c.customerId)!.segment, changedAt: later });
  });

  it("never overwrites a row a webhook rescored after the recompute read its inputs", async () => {
    const { shop, ids } = await bulkShop(40);
    const item = await createProduct(shop.id, { priceMinor: 9_000 });
    const read = new Date("2026-11-15T00:00:00Z");
    await recomputeShop(shop, { now: new Date(read.getTime() - 86_400_000), refit: true, rebuild: true });
    // A webhook after the run's read: an order at noon, the customer rescored as of then.
    const [customerId] = ids;
    await createOrder(shop.id, "2026-11-15", [line(item, 3)], { customerId });
    const webhookAt = new Date("2026-11-15T12:00:05Z");
    await rescoreCustomer(prisma, shop, customerId!, webhookAt);
    const rescored = await prisma.customerScore.findUniqueOrThrow({ where: { customerId } });
    expect(rescored).toMatchObject({ computedAt: webhookAt, orders: 2 });
    // The run, as of its read, counts one order for them, yet leaves the webhook's row.
    await recomputeShop(shop, { now: read });
    expect(await prisma.customerScore.findUniqueOrThrow({ where: { customerId } })).toEqual(rescored);
    // The next run, after the webhook, scores them afresh.
    const next = new Date("2026-11-16T00:00:00Z");
    await recomputeShop(shop, { now: next, refit: true });
    expect(await prisma.customerScore.findUniqueOrThrow({ where: { customerId } })).toMatchObject({ orders: 2 });
  });
});

describe("rows a recompute removes or leaves", () => {
  it("drops the rows of customers redacted or deleted since, and of no one else", async () => {
    const { shop, ids } = await bulkShop(30);
    const now = new Date("2026-11-15T00:00:00Z");
    await recomputeShop(shop, { now, refit: true, rebuild: true });
    await prisma.customer.update({ where: { id: ids[0]! }, data: { redactedAt: new Date() } });
    await prisma.customer.update({ where: { id: ids[1]! }, data: { deletedAt: new Date() } });
    const run = await recomputeShop(shop, { now: new Date(now.getTime() + 3_600_000) });
    expect(run.customers).toBe(28);
    const left = await prisma.customerScore.findMany({ where: { shopId: shop.id }, select: { customerId: true } });
    expect(new Set(left.map((r) => r.customerId))).toEqual(new Set(ids.slice(2)));
  });

  it("before the first recompute, a rescore keeps the summary and writes no row", async () => {
    const { shop, ids } = await bulkShop(5);
    await rescoreCustomer(prisma, shop, ids[2]!, new Date("2026-11-15T00:00:00Z"));
    expect(await prisma.customerScore.count({ where: { shopId: shop.id } })).toBe(0);
    const summary = await prisma.customerOrderSummary.findUniqueOrThrow({
      where: { shopId_customerId: { shopId: shop.id, customerId: ids[2]! } },
    });
    expect(summary.orders).toBe(3);
  });

  it("records no segment change for a customer seen for the first time", async () => {
    const { shop } = await bulkShop(40);
    const run = await recomputeShop(shop, { now: new Date("2026-11-15T00:00:00Z"), rebuild: true });
    expect(run).toMatchObject({ written: 40, changes: 0 });
    expect(await prisma.customerSegmentChange.count({ where: { shopId: shop.id } })).toBe(0);
    const rows = await prisma.customerScore.findMany({ where: { shopId: shop.id } });
    expect(rows.every((r) => r.previousSegment === null && r.segmentChangedAt === null)).toBe(true);
  });
});

describe("webhooks", () => {
  it("an order webhook rescores its customer and no other; customers/redact removes the customer", async () => {
    const domain = "customers-live.myshopify.com";
    const shop = await createShop({ domain, timezone: "America/New_York" });
    const item = await createProduct(shop.id);
    expect(await deliver(customersCreate, "customers/create", domain, fixture("webhook-customer.json"), "c-1")).toBe(
      200,
    );
    const others = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        prisma.customer.create({ data: { shopId: shop.id, email: `o${i}@example.com` } }),
      ),
    );
    for (const [i, c] of others.entries())
      await createOrder(shop.id, `2026-05-${10 + i}`, [line(item)], { customerId: c.id });
    await recomputeShop(shop);
    const ann = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "ann@example.com" } });
    const before = await prisma.customerScore.findMany({ where: { shopId: shop.id }, orderBy: { customerId: "asc" } });
    expect(before.find((s) => s.customerId === ann.id)).toMatchObject({ orders: 0 });

    expect(await deliver(ordersCreate, "orders/create", domain, fixture("webhook-order.json"), "o-1")).toBe(200);
    const after = await prisma.customerScore.findMany({ where: { shopId: shop.id }, orderBy: { customerId: "asc" } });
    const annAfter = after.find((s) => s.customerId === ann.id)!;
    expect(annAfter.orders).toBe(1);
    expect(annAfter.totalSpentMinor).toBe(117_00);
    expect(annAfter.r).not.toBeNull();
    expect(after.filter((s) => s.customerId !== ann.id)).toEqual(before.filter((s) => s.customerId !== ann.id));

    const redact = { shop_domain: domain, customer: { id: 501, email: "ann@example.com" }, orders_to_redact: [] };
    expect(await deliver(customersRedact, "customers/redact", domain, redact, "r-1")).toBe(200);
    expect(await prisma.customerScore.count({ where: { shopId: shop.id, customerId: ann.id } })).toBe(0);
    // A later webhook about the redacted customer does not bring the row back.
    await rescoreCustomer(prisma, shop, ann.id);
    expect(await prisma.customerScore.count({ where: { shopId: shop.id, customerId: ann.id } })).toBe(0);
  });

  it("writes the summary, the segment change and the score row together, and rows that were gone", async () => {
    const shop = await createShop();
    const item = await createProduct(shop.id, { priceMinor: 2_000 });
    const customers = [];
    for (let i = 0; i < 6; i++) {
      const c = await prisma.customer.create({
        data: { shopId: shop.id, email: `w${i}@example.com`, createdAt: new Date("2025-01-01") },
      });
      // The first has no order yet: their first one makes them New.
      if (i) await createOrder(shop.id, "2025-11-01", [line(item, 1 + i)], { customerId: c.id });
      customers.push(c.id);
    }
    await recomputeShop(shop, { now: new Date("2026-06-01T00:00:00Z") });
    const [kept, noScore, noSummary, both] = customers;
    const rowOf = (id: string) => prisma.customerScore.findUniqueOrThrow({ where: { customerId: id } });
    const was = await rowOf(kept!);
    await prisma.customerScore.delete({ where: { customerId: noScore! } });
    await prisma.customerOrderSummary.delete({
      where: { shopId_customerId: { shopId: shop.id, customerId: noSummary! } },
    });
    // A new order for each: every write of the rescore, an update where the row is there.
    const now = new Date("2026-06-02T00:00:00Z");
    for (const id of [kept!, noScore!, noSummary!, both!]) {
      await createOrder(shop.id, "2026-06-01", [line(item, 20)], { customerId: id });
      await prisma.$transaction((tx) => rescoreCustomer(tx, shop, id, now));
    }
    for (const [k, id] of [kept!, noScore!, noSummary!, both!].entries()) {
      const summary = await prisma.customerOrderSummary.findUniqueOrThrow({
        where: { shopId_customerId: { shopId: shop.id, customerId: id } },
      });
      expect(summary.orders).toBe(k ? 2 : 1);
      expect(await rowOf(id)).toMatchObject({
        orders: k ? 2 : 1,
        lastOrderAt: summary && new Date(summary.lastOrderMs),
      });
    }
    const now2 = await rowOf(kept!);
    expect(now2.totalSpentMinor).toBe(was.totalSpentMinor + 20 * 2_000);
    // A segment that changed is in the customer's history, once.
    const changes = await prisma.customerSegmentChange.findMany({ where: { shopId: shop.id, customerId: kept! } });
    expect([was.segment, now2.segment]).toEqual(["No orders yet", "New"]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ fromSegment: "No orders yet", toSegment: "New" });
    expect(now2).toMatchObject({ previousSegment: "No orders yet", segmentChangedAt: now });
  });

  it("rescoring never touches another shop's customer", async () => {
    const a = await createShop();
    const b = await createShop();
    const customer = await prisma.customer.create({ data: { shopId: b.id, email: "b@example.com" } });
    await recomputeShop(a);
    await recomputeShop(b);
    await rescoreCustomer(prisma, a, customer.id);
    expect(await prisma.customerScore.count({ where: { shopId: a.id } })).toBe(0);
    expect(await prisma.customerScore.count({ where: { shopId: b.id, customerId: customer.id } })).toBe(1);
  });
});

describe("a shop whose segment spends more than 2^31 minor units", () => {
  it("records the day's segment sizes and shows the summary cards (64-bit sums on PostgreSQL)", async () => {
    const shop = await createShop();
    // Three customers alike (one order each, the same day): one segment, 3,000,000,000 minor
    // units between them. Orders written directly: the day's sales rollup is not what is tested.
    for (let i = 0; i < 3; i++) {
      const customer = await prisma.customer.create({
        data: { shopId: shop.id, email: `big${i}@example.com`, createdAt: new Date("2026-01-01T00:00:00Z") },
      });
      await prisma.order.create({
        data: {
          shopId: shop.id,
          customerId: customer.id,
          name: `#${i}`,
          processedAt: new Date("2026-05-10T12:00:00Z"),
          day: "2026-05-10",
          currency: "USD",
          grossSalesMinor: 1_000_000_000,
          totalMinor: 1_000_000_000,
          refundsMinor: 0,
        },
      });
    }
    const now = new Date("2026-08-01T00:00:00Z");
    await recomputeShop(shop, { now });
    const days = await prisma.customerSegmentDay.findMany({ where: { shopId: shop.id, day: "2026-08-01" } });
    expect(days.filter((d) => d.customers > 0)).toEqual([
      expect.objectContaining({ customers: 3, revenueMinor: 3_000_000_000n }),
    ]);
    const { cards, total } = await segmentSummary({ id: shop.id, timezone: "UTC", currency: "USD" }, now);
    expect(total).toBe(3);
    expect(cards.filter((c) => c.customers > 0)).toEqual([
      expect.objectContaining({ customers: 3, revenueMinor: 3_000_000_000, revenueShare: 1 }),
    ]);
  });
});
