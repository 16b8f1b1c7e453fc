// Scores kept current: the whole-shop recompute after an import equals a direct computation
// from the orders; one webhook rescores exactly its customer; a redacted customer leaves.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dialect, prisma } from "~/db.server";
import { splitReads } from "~/platform/sql-columns.server";
import { IMPORT_JOB, registerStoreSyncJobs, requestResync } from "~/features/store-sync/index.server";
import type { JobHandler, JobQueue } from "~/platform/jobs/index.server";
import { shopify } from "~/shopify.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { fixture, fixtureStore, stubAdminApi } from "~tests/shopify-admin";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as customersCreate from "~/routes/webhooks.customers.create";
import * as customersRedact from "~/routes/webhooks.customers.redact";
import { figuresOf, scoreShop, segmentOf, DEFAULT_SEGMENT_SETTINGS } from "./rfm";
import { segmentSummary } from "./list.server";
import { recomputeShop, rescoreCustomer } from "./scores.server";
import { recomputeShopById, shopsImportedSinceRecompute } from "./jobs.server";
import { inSqlTransaction } from "~/platform/sql-runner.server";
import { READ_TRIGGERS, readCustomers, unlistedWrites } from "./read-snapshot.server";

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const deliver = async (route: Route, topic: string, domain: string, payload: unknown, webhookId?: string) =>
  (await route.action({ request: webhookRequest(topic, domain, payload, { webhookId }), params: {}, context: {} }))
    .status;

/** The segments computed straight from the stored orders with the pure rules. */
async function directSegments(shopId: string, now: Date) {
  const customers = await prisma.customer.findMany({
    where: { shopId, redactedAt: null, deletedAt: null },
    select: {
      id: true,
      createdAt: true,
      orders: { where: { cancelledAt: null }, select: { processedAt: true, totalMinor: true, refundsMinor: true } },
    },
  });
  const figures = customers.map((c) =>
    figuresOf(
      c.id,
      c.orders.map((o) => ({ at: o.processedAt, netMinor: o.totalMinor - o.refundsMinor })),
      now,
    ),
  );
  const scored = scoreShop(figures);
  return new Map(
    customers.map((c, i) => {
      const days = Math.floor((now.getTime() - c.createdAt.getTime()) / 86_400_000);
      const segment = segmentOf(
        figures[i]!,
        scored.scores.get(c.id) ?? null,
        scored.bands,
        DEFAULT_SEGMENT_SETTINGS,
        days,
      );
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

describe("a large shop's read in two halves", () => {
  it("gives the same rows as one read, and reads no other shop's customers", async () => {
    // Two shops with the same customers and orders, their customers created in turns so each
    // shop's rows are spread over the whole rowid range the split read divides.
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
      for (const id of customers[k]!.slice(0, 10)) await rescoreCustomer(prisma, shop, id);
    // Without the read snapshots the runs read the tables (the snapshot is tested below).
    await prisma.customerReadSnapshot.deleteMany({ where: { shopId: { in: shops.map((s) => s.id) } } });
    const before = splitReads();
    const later = new Date("2026-08-15T00:00:00Z");
    const split = await recomputeShop(shops[0]!, { now: later, splitReadFrom: 1 });
    const whole = await recomputeShop(shops[1]!, { now: later });
    if (dialect === "sqlite")
      expect(splitReads()).toMatchObject({ split: before.split + 1, fallback: before.fallback });
    expect(split.customers).toBe(40);
    expect(split.written).toBeGreaterThan(0);
    expect({ ...split, model: null }).toEqual({ ...whole, model: null });
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

describe("the read snapshot", () => {
  it("lists changed customers by triggers that are all in place", async () => {
    const names = await prisma.$queryRawUnsafe<{ name: string }[]>(
      dialect === "sqlite"
        ? `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_read_%'`
        : `SELECT tgname::text AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%_read_%'`,
    );
    expect(names.map((n) => n.name).sort()).toEqual([...READ_TRIGGERS].sort());
  });

  it("takes the customers a run wrote off the list, and leaves listed those it did not write", async () => {
    const shop = await createShop();
    const item = await createProduct(shop.id, { priceMinor: 2_000 });
    // Enough customers that two listed ones leave the snapshot in use (not taken again).
    const ids = Array.from({ length: 150 }, (_, i) => `listed-${shop.id}-${i}`);
    await prisma.customer.createMany({
      data: ids.map((id, i) => ({
        id,
        shopId: shop.id,
        email: `l${i}@example.com`,
        createdAt: new Date("2025-01-01"),
      })),
    });
    const [written] = ids;
    await createOrder(shop.id, "2026-05-01", [line(item, 1)], { customerId: written! });
    await recomputeShop(shop, { now: new Date("2026-06-01T00:00:00Z") });
    // Listed since: a webhook's rescore after an order, and a customer created after the next run.
    await createOrder(shop.id, "2026-06-02", [line(item, 2)], { customerId: written! });
    await rescoreCustomer(prisma, shop, written!, new Date("2026-06-02T12:00:00Z"));
    const unscored = await prisma.customer.create({
      data: { shopId: shop.id, email: "later@example.com", createdAt: new Date("2028-01-01") },
    });
    const listed = async () =>
      (await prisma.customerReadChange.findMany({ where: { shopId: shop.id } })).map((c) => c.customerId).sort();
    expect(await listed()).toEqual([written!, unscored.id].sort());
    // A year on the first order leaves the window: the run rewrites that customer's rows.
    const run = await recomputeShop(shop, { now: new Date("2027-05-15T00:00:00Z") });
    expect(run.fromSnapshot).toBe(true);
    expect(await listed()).toEqual([unscored.id]);
  });

  it("leaves the recompute's own writes unlisted only while it writes them, and only for its shop", async () => {
    const shops = [await createShop(), await createShop()];
    const ids: string[] = [];
    for (const shop of shops) {
      const item = await createProduct(shop.id, { priceMinor: 2_000 });
      for (let i = 0; i < 3; i++) {
        const c = await prisma.customer.create({
          data: { shopId: shop.id, email: `o${i}@example.com`, createdAt: new Date("2025-01-01") },
        });
        await createOrder(shop.id, "2026-05-01", [line(item, 1)], { customerId: c.id });
        ids.push(c.id);
      }
      await recomputeShop(shop, { now: new Date("2026-06-01T00:00:00Z") });
    }
    const listed = async () =>
      (await prisma.customerReadChange.findMany({ where: { shopId: { in: shops.map((s) => s.id) } } }))
        .map((c) => c.customerId)
        .sort();
    expect(await listed()).toEqual([]);
    expect(await prisma.customerScore.count({ where: { customerId: { in: ids } } })).toBe(6);
    expect(await prisma.customerOrderSummary.count({ where: { customerId: { in: ids } } })).toBe(6);
    // Summaries and score rows updated, deleted and inserted again for the first shop inside
    // unlistedWrites; the second shop's write meanwhile is listed.
    const [a, b] = [shops[0]!.id, shops[1]!.id];
    const these = `WHERE "shopId" = ? AND "customerId" = ?`;
    await inSqlTransaction((sql) =>
      unlistedWrites(sql, a, async () => {
        for (const table of ["CustomerOrderSummary", "CustomerScore"]) {
          await sql.run(`UPDATE "${table}" SET "shopId" = "shopId" ${these}`, [a, ids[0]!]);
          await sql.run(`CREATE TEMP TABLE "kept" AS SELECT * FROM "${table}" ${these}`, [a, ids[1]!]);
          await sql.run(`DELETE FROM "${table}" ${these}`, [a, ids[1]!]);
          await sql.run(`INSERT INTO "${table}" SELECT * FROM ${dialect === "sqlite" ? "temp" : "pg_temp"}."kept"`, []);
          await sql.run(`DROP TABLE ${dialect === "sqlite" ? "temp" : "pg_temp"}."kept"`, []);
        }
        await sql.run(`UPDATE "CustomerScore" SET "digest" = 'changed' ${these}`, [b, ids[3]!]);
      }),
    );
    expect(await listed()).toEqual([ids[3]!]);
    expect(await prisma.customerReadOwnWrite.count()).toBe(0);
    // After it, the same shop's writes are listed again.
    await prisma.customerScore.update({
      where: { shopId_customerId: { shopId: a, customerId: ids[2]! } },
      data: { digest: "changed" },
    });
    expect(await listed()).toEqual([ids[2]!, ids[3]!].sort());
  });

  it("gives the same rows as a read of the tables after every kind of write since it was taken", async () => {
    // Two shops with the same customers, orders and writes; the second's snapshot is dropped
    // before the last run, so it reads the tables.
    const shops = [await createShop(), await createShop()];
    const items = await Promise.all(shops.map((s) => createProduct(s.id, { priceMinor: 3_000 })));
    const customers: string[][] = [[], []];
    const add = async (k: number, i: number, createdAt = new Date("2025-01-01")) =>
      customers[k]!.push(
        (await prisma.customer.create({ data: { shopId: shops[k]!.id, email: `r${i}@example.com`, createdAt } })).id,
      );
    for (let i = 0; i < 30; i++) for (const k of [0, 1]) await add(k, i);
    const orders = async (k: number, days: string[], from = 0) => {
      for (const [i, id] of customers[k]!.entries())
        if (i >= from)
          for (const [d, day] of days.entries())
            if ((i + d) % 3 !== 1)
              await createOrder(shops[k]!.id, day, [line(items[k]!, 1 + (i % 3))], { customerId: id });
    };
    // The 2025 orders leave the 365-day window between the runs. A summary with one of them
    // slides by its look-ahead; one with both is taken again from the orders (eleventh pass).
    for (const k of [0, 1]) await orders(k, ["2025-06-15", "2025-06-20", "2026-01-10", "2026-03-05", "2026-05-20"]);
    const first = new Date("2026-06-01T00:00:00Z");
    // The first run builds the summaries from the orders and then takes the snapshot from the
    // tables it committed; the second reads the snapshot.
    for (const shop of shops) expect((await recomputeShop(shop, { now: first })).summariesRebuilt).toBe(true);
    expect(await prisma.customerReadSnapshot.count({ where: { shopId: { in: shops.map((s) => s.id) } } })).toBe(2);
    expect(await prisma.customerReadChange.count({ where: { shopId: { in: shops.map((s) => s.id) } } })).toBe(0);
    // What it holds is what a read of the tables gives.
    const read = async () => {
      const got = await inSqlTransaction((sql) => readCustomers(sql, shops[0]!.id, { split: false }));
      const { read: r } = got;
      // PostgreSQL has no rowid: the customers in id order, each with their values.
      if (dialect !== "sqlite") {
        const order = r.ids.map((_, p) => p).sort((x, y) => (r.ids[x]! < r.ids[y]! ? -1 : 1));
        return {
          fromSnapshot: got.fromSnapshot,
          ids: order.map((p) => r.ids[p]!),
          columns: [r.createdMs, r.digest, ...r.summary].map((c) => order.map((p) => c[p]!)),
        };
      }
      return {
        fromSnapshot: got.fromSnapshot,
        ids: r.ids,
        columns: [r.rowid, r.createdMs, r.digest, ...r.summary].map((c) => [...c]),
      };
    };
    const held = await read();
    await prisma.customerReadSnapshot.delete({ where: { shopId: shops[0]!.id } });
    const tables = await read();
    expect(held.fromSnapshot && !tables.fromSnapshot).toBe(true);
    expect(held.ids).toHaveLength(30);
    expect({ ...held, fromSnapshot: null }).toEqual({ ...tables, fromSnapshot: null });
    for (const shop of shops) expect((await recomputeShop(shop, { now: first })).fromSnapshot).toBe(true);
    for (const [k, shop] of shops.entries()) {
      const ids = customers[k]!;
      // An order and the webhook's rescore (summary and score row written).
      await orders(k, ["2026-06-10"], 25);
      for (const id of ids.slice(25)) await rescoreCustomer(prisma, shop, id);
      // Redacted, deleted (with their summary and score row), created later than the next run.
      await prisma.customer.update({ where: { id: ids[1]! }, data: { redactedAt: new Date() } });
      await prisma.customer.delete({ where: { id: ids[2]! } });
      await prisma.customer.update({ where: { id: ids[3]! }, data: { createdAt: new Date("2026-12-01") } });
      // A score row gone; a summary gone; new customers, one with orders, none rescored.
      await prisma.customerScore.delete({ where: { shopId_customerId: { shopId: shop.id, customerId: ids[4]! } } });
      await prisma.customerOrderSummary.deleteMany({ where: { shopId: shop.id, customerId: ids[5]! } });
      await add(k, 30, new Date("2026-06-02"));
      await add(k, 31, new Date("2026-06-03"));
      await createOrder(shop.id, "2026-06-05", [line(items[k]!, 2)], { customerId: customers[k]![30]! });
    }
    await prisma.customerReadSnapshot.delete({ where: { shopId: shops[1]!.id } });
    const later = new Date("2026-07-01T00:00:00Z");
    // The first shop's runs read the orders of its stale unchanged customers on the reader
    // thread, as a large shop's do (eighth pass); the second's read them all here.
    const large = { splitReadFrom: 1, ordersAsideFrom: 1 };
    const reads = splitReads();
    const fromSnapshot = await recomputeShop(shops[0]!, { now: later, ...large });
    if (dialect === "sqlite") {
      expect(splitReads()).toMatchObject({ aside: reads.aside + 1, fallback: reads.fallback });
      // The reads ahead of the writes (their results are dropped, so a failing one would be silent).
      await vi.waitFor(() => expect(splitReads().prefetched).toBe(reads.prefetched + 3));
    }
    const fromTables = await recomputeShop(shops[1]!, { now: later });
    expect(fromSnapshot.fromSnapshot).toBe(true);
    expect(fromTables.fromSnapshot).toBe(false);
    expect(fromSnapshot.customers).toBe(29);
    expect(fromSnapshot.summariesWritten).toBeGreaterThan(0);
    expect(fromSnapshot.summariesSlid).toBeGreaterThan(0);
    expect({ ...fromSnapshot, model: null, fromSnapshot: null }).toEqual({
      ...fromTables,
      model: null,
      fromSnapshot: null,
    });
    const rows = async (k: number) => {
      const at = new Map(customers[k]!.map((id, i) => [id, i]));
      const scores = (await prisma.customerScore.findMany({ where: { shopId: shops[k]!.id } }))
        .map(({ shopId: _shop, customerId, ...row }) => ({ i: at.get(customerId), ...row }))
        .sort((a, b) => a.i! - b.i!);
      const summaries = (await prisma.customerOrderSummary.findMany({ where: { shopId: shops[k]!.id } }))
        .map(({ shopId: _shop, customerId, ...row }) => ({ i: at.get(customerId), ...row }))
        .sort((a, b) => a.i! - b.i!);
      return { scores, summaries };
    };
    const [a, b] = [await rows(0), await rows(1)];
    expect(a.scores.length).toBe(29);
    expect(a).toEqual(b);
    // What this run wrote is in the snapshot's patch with its values, and off the list (eighth
    // pass); the redacted and deleted customers' score rows it deleted stay listed.
    const patch = await prisma.customerReadPatch.findUniqueOrThrow({ where: { shopId: shops[0]!.id } });
    const patched = patch.ids.split("\n");
    expect(patched.length).toBeGreaterThanOrEqual(fromSnapshot.summariesWritten);
    const listed = (await prisma.customerReadChange.findMany({ where: { shopId: shops[0]!.id } })).map(
      (c) => c.customerId,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((id) => patched.includes(id))).toEqual([]);
    // Written again since, by a webhook's rescore: listed again, and the list wins over the patch.
    const again0 = customers[0]!.indexOf(patched[0]!);
    expect(again0).toBeGreaterThanOrEqual(0);
    for (const [k, shop] of shops.entries()) {
      const id = customers[k]![again0]!;
      await createOrder(shop.id, "2026-07-01", [line(items[k]!, 4)], { customerId: id });
      await rescoreCustomer(prisma, shop, id, new Date("2026-07-01T12:00:00Z"));
    }
    expect(await prisma.customerReadChange.count({ where: { shopId: shops[0]!.id, customerId: patched[0]! } })).toBe(1);
    // The next run reads the snapshot with the patch and the list, and gives what a read of the
    // tables gives.
    await prisma.customerReadSnapshot.delete({ where: { shopId: shops[1]!.id } });
    const next = await recomputeShop(shops[0]!, { now: new Date("2026-07-02T00:00:00Z"), ...large });
    expect(next.fromSnapshot).toBe(true);
    const again = await recomputeShop(shops[1]!, { now: new Date("2026-07-02T00:00:00Z") });
    expect(again.fromSnapshot).toBe(false);
    expect({ ...next, model: null, fromSnapshot: null }).toEqual({ ...again, model: null, fromSnapshot: null });
    expect(await rows(0)).toEqual(await rows(1));
    // Once the customer created "later" is due, they are scored from the snapshot too.
    await prisma.customerReadSnapshot.delete({ where: { shopId: shops[1]!.id } });
    const due = new Date("2026-12-05T00:00:00Z");
    const [dueA, dueB] = [
      await recomputeShop(shops[0]!, { now: due, ...large }),
      await recomputeShop(shops[1]!, { now: due }),
    ];
    expect(dueA.fromSnapshot).toBe(true);
    expect(dueA.customers).toBe(30);
    expect({ ...dueA, model: null, fromSnapshot: null }).toEqual({ ...dueB, model: null, fromSnapshot: null });
    expect((await rows(0)).scores.length).toBe(30);
    expect(await rows(0)).toEqual(await rows(1));
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
    expect([was.segment, now2.segment]).toEqual(["Regular", "New"]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ fromSegment: "Regular", toSegment: "New" });
    expect(now2).toMatchObject({ previousSegment: "Regular", segmentChangedAt: now });
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
