// The full import against a recorded fixture store (tests/fixtures/shopify), through
// the real Shopify client with every request served by the fetch stub.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getImportStatus } from "~/features/store-sync/import-status.server";
import { shopify } from "~/shopify.server";
import { createShop } from "~tests/factories";
import { installSession } from "~tests/shopify";
import { fixture, fixtureStore, jsonResponse, streamedResponse, stubAdminApi } from "~tests/shopify-admin";
import { storeSnapshot } from "~tests/store-snapshot";
import {
  createImportRun,
  importOrders,
  runImportStep,
  retryImportRun,
  type ImportDeps,
} from "~/features/store-sync/import.server";

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

async function newShop(name: string) {
  const shop = await createShop({ domain: `${name}.myshopify.com`, timezone: "America/New_York", currency: "USD" });
  await installSession(shop.domain);
  return shop;
}

async function graphqlFor(domain: string) {
  const { admin } = await shopify().unauthenticated.admin(domain);
  return admin.graphql;
}

/** Steps a run until it stops; waits are skipped (the fixture store answers at once). */
async function runToEnd(runId: string, deps: ImportDeps) {
  for (let i = 0; i < 100; i++) {
    const result = await runImportStep(runId, deps);
    if (result.state === "done" || result.state === "failed") return result;
  }
  throw new Error("the import did not finish");
}

let reference: Awaited<ReturnType<typeof storeSnapshot>>;
let referenceShopId: string;
let checkoutQueries: string[];

beforeAll(async () => {
  const shop = await newShop("fixture-store");
  referenceShopId = shop.id;
  const store = fixtureStore();
  checkoutQueries = store.state.checkoutQueries;
  restore = stubAdminApi(store.route).restore;
  const { run } = await createImportRun(shop.id, { reason: "install", allOrders: true });
  // batchSize 1: every record is its own batch, so late children take the cross-batch path.
  const result = await runToEnd(run.id, { graphql: await graphqlFor(shop.domain), batchSize: 1 });
  expect(result).toEqual({ state: "done" });
  restore();
  restore = null;
  reference = await storeSnapshot(shop.id);
});

describe("full import of the fixture store", () => {
  it("yields exactly the hand-computed rollups", async () => {
    // #1001 processed 2026-06-10 02:30 UTC = 2026-06-09 in New York: 2 × Alpha at 100 (cost 40)
    // and 1 × Beta at 50 (cost unknown), 10 discount, 5 shipping, 8 tax; refund 20 on 2026-06-15.
    // #1002 (paid in EUR) counts its shop money: 1 × Alpha at 100. #1003 is cancelled: nothing.
    expect(reference.days).toEqual([
      expect.objectContaining({
        day: "2026-06-09",
        ordersCount: 1,
        grossSalesMinor: 250_00,
        discountsMinor: 10_00,
        shippingMinor: 5_00,
        taxesMinor: 8_00,
        refundsMinor: 0,
        cogsMinor: 80_00,
        uncostedUnits: 1,
      }),
      expect.objectContaining({
        day: "2026-06-12",
        ordersCount: 1,
        grossSalesMinor: 100_00,
        discountsMinor: 0,
        cogsMinor: 40_00,
        uncostedUnits: 0,
        refundsMinor: 0,
      }),
      expect.objectContaining({ day: "2026-06-15", ordersCount: 0, grossSalesMinor: 0, refundsMinor: 20_00 }),
    ]);
    // The June 9 order's 20.00 refund and 3.20 fee reach its lines pro rata to their net sales (190 : 50).
    expect(reference.productDays).toEqual([
      expect.objectContaining({
        day: "2026-06-09",
        productId: "gid://shopify/Product/1",
        units: 2,
        revenueMinor: 190_00,
        uncostedUnits: 0,
        cogsMinor: 80_00,
        netSalesShareMinor: 190_00,
        refundsShareMinor: expect.closeTo((20_00 * 190) / 240, 5),
        feesShareMinor: expect.closeTo((3_20 * 190) / 240, 5),
      }),
      expect.objectContaining({
        day: "2026-06-09",
        productId: "gid://shopify/Product/2",
        units: 1,
        revenueMinor: 50_00,
        uncostedUnits: 1,
        cogsMinor: 0,
        refundsShareMinor: expect.closeTo((20_00 * 50) / 240, 5),
        feesShareMinor: expect.closeTo((3_20 * 50) / 240, 5),
      }),
      expect.objectContaining({
        day: "2026-06-12",
        productId: "gid://shopify/Product/1",
        units: 1,
        revenueMinor: 100_00,
        uncostedUnits: 0,
      }),
    ]);
  });

  it("stores products with their cost, stock summed over locations, customers and orders", async () => {
    expect(
      reference.variants.map((v) => [v.shopifyId, v.sku, v.priceMinor, v.unitCostMinor, v.inventory?.available]),
    ).toEqual([
      ["gid://shopify/ProductVariant/11", "A-1", 100_00, 40_00, 8],
      ["gid://shopify/ProductVariant/21", "B-1", 50_00, null, 7],
    ]);
    expect(reference.products.map((p) => [p.title, p.category])).toEqual([
      ["Alpha Headphones", "Audio"],
      ["Beta Watch", "Wearables"],
    ]);
    expect(
      reference.customers.map((c) => [c.shopifyId, c.email, c.country, c.acceptsMarketing, c.smsMarketing]),
    ).toEqual([
      ["gid://shopify/Customer/501", "ann@example.com", "United States", true, true],
      ["gid://shopify/Customer/502", "bo@example.com", "Germany", false, false],
    ]);
    const [o1, o2, o3] = reference.orders;
    expect([o1.name, o1.day, o1.channel, o1.customerId, o1.refundsMinor, o1.totalMinor]).toEqual([
      "#1001",
      "2026-06-09",
      "online_store",
      "gid://shopify/Customer/501",
      20_00,
      253_00,
    ]);
    expect(o1.lines.map((l) => [l.shopifyId, l.quantity, l.unitCostMinor])).toEqual([
      ["gid://shopify/LineItem/1", 2, 40_00],
      ["gid://shopify/LineItem/2", 1, null],
    ]);
    expect(o1.refunds).toEqual([
      expect.objectContaining({ shopifyId: "gid://shopify/Refund/9001", day: "2026-06-15", amountMinor: 20_00 }),
    ]);
    expect([o2.currency, o2.presentmentCurrency, o2.channel, o2.grossSalesMinor]).toEqual([
      "USD",
      "EUR",
      "mobile",
      100_00,
    ]);
    expect(o3.cancelledAt).not.toBeNull();
    // Collections with their products (decision 072), read by the collections phase.
    const collections = await prisma.collection.findMany({
      where: { shopId: referenceShopId },
      orderBy: { handle: "asc" },
      select: {
        shopifyId: true,
        title: true,
        smart: true,
        products: { select: { product: { select: { shopifyId: true } } } },
      },
    });
    expect(
      collections.map((c) => [c.shopifyId, c.title, c.smart, c.products.map((p) => p.product.shopifyId).sort()]),
    ).toEqual([
      ["gid://shopify/Collection/801", "Audio", false, ["gid://shopify/Product/1"]],
      ["gid://shopify/Collection/802", "Summer picks", true, ["gid://shopify/Product/1", "gid://shopify/Product/2"]],
    ]);
    // Traffic source from the customer's last visit: Google through SEO, an Instagram ad (paid social,
    // Meta's: decision 093), none at the POS.
    expect([o1.source, o2.source, o3.source]).toEqual(["organic_search", "paid_social", null]);
    expect([o1.adChannel, o2.adChannel, o3.adChannel]).toEqual([null, "meta", null]);
    const status = await getImportStatus({ id: referenceShopId, timezone: "UTC" });
    expect(status).toMatchObject({
      state: "succeeded",
      percent: 100,
      counts: { products: 2, variants: 2, customers: 2, orders: 3 },
    });
  });

  it("hands Shopify's recent abandoned checkouts to engagement's checkout upsert", async () => {
    // Two pages of `abandonedCheckouts`, created within the last 30 days.
    expect(checkoutQueries).toHaveLength(2);
    expect(checkoutQueries[0]).toMatch(/^created_at:>=\d{4}-\d{2}-\d{2}$/);
    const since = Date.parse(checkoutQueries[0].slice("created_at:>=".length));
    expect(Math.round((Date.now() - since) / 86_400_000)).toBeGreaterThanOrEqual(30);
    const customers = new Map(
      (
        await prisma.customer.findMany({ where: { shopId: referenceShopId }, select: { id: true, shopifyId: true } })
      ).map((c) => [c.id, c.shopifyId]),
    );
    const stored = await prisma.abandonedCheckout.findMany({
      where: { shopId: referenceShopId },
      orderBy: { shopifyId: "asc" },
      select: {
        shopifyId: true,
        customerId: true,
        recoveryUrl: true,
        totalMinor: true,
        abandonedAt: true,
        completedAt: true,
      },
    });
    const rows = stored.map(({ customerId, ...r }) => ({
      ...r,
      customer: customerId ? { shopifyId: customers.get(customerId) } : null,
    }));
    expect(rows).toEqual([
      {
        shopifyId: "gid://shopify/AbandonedCheckout/9001",
        customer: { shopifyId: "gid://shopify/Customer/501" },
        recoveryUrl: "https://fixture-store.myshopify.com/59374190744/checkouts/ac/9001/recover?key=k1",
        totalMinor: 42_50,
        abandonedAt: new Date("2026-06-20T15:00:00Z"),
        completedAt: null,
      },
      // A guest's checkout that was completed: kept, never reminded.
      {
        shopifyId: "gid://shopify/AbandonedCheckout/9002",
        customer: null,
        recoveryUrl: "https://fixture-store.myshopify.com/59374190744/checkouts/ac/9002/recover?key=k2",
        totalMinor: 10_00,
        abandonedAt: new Date("2026-06-21T10:00:00Z"),
        completedAt: new Date("2026-06-21T10:00:00Z"),
      },
      // A recovery link that is not https is dropped, as from the webhook.
      {
        shopifyId: "gid://shopify/AbandonedCheckout/9003",
        customer: { shopifyId: "gid://shopify/Customer/502" },
        recoveryUrl: null,
        totalMinor: 19_99,
        abandonedAt: new Date("2026-06-22T08:30:00Z"),
        completedAt: null,
      },
    ]);
  });

  it("gives the same data when run twice (resync)", async () => {
    const shop = await prisma.shop.findUniqueOrThrow({ where: { id: referenceShopId } });
    restore = stubAdminApi(fixtureStore().route).restore;
    const { run } = await createImportRun(shop.id, { reason: "resync", allOrders: true });
    await runToEnd(run.id, { graphql: await graphqlFor(shop.domain) });
    expect(await storeSnapshot(shop.id)).toEqual(reference);
  });
});

describe("traffic source on a resync", () => {
  it("takes Shopify's journey over a stored guess, and keeps the stored one when Shopify reports no visit", async () => {
    const shop = await newShop("attribution-store");
    restore = stubAdminApi(fixtureStore().route).restore;
    const first = await createImportRun(shop.id, { reason: "install", allOrders: true });
    await runToEnd(first.run.id, { graphql: await graphqlFor(shop.domain) });
    // As if webhooks had stored their own guesses in the meantime.
    await prisma.order.updateMany({ where: { shopId: shop.id }, data: { source: "paid_social", adChannel: "tiktok" } });
    const again = await createImportRun(shop.id, { reason: "resync", allOrders: true });
    await runToEnd(again.run.id, { graphql: await graphqlFor(shop.domain) });
    const orders = await prisma.order.findMany({
      where: { shopId: shop.id },
      orderBy: { shopifyId: "asc" },
      select: { name: true, source: true, adChannel: true },
    });
    // #1001 and #1002 have a last visit in the fixture; #1003 (POS) has none. The source and its ad
    // channel are one attribution: replaced together (#1001 loses the guessed channel), kept together.
    expect(orders).toEqual([
      { name: "#1001", source: "organic_search", adChannel: null },
      { name: "#1002", source: "paid_social", adChannel: "meta" },
      { name: "#1003", source: "paid_social", adChannel: "tiktok" },
    ]);
  });
});

describe("resuming", () => {
  it("continues after a crash mid-import and ends with the same data, without duplicates", async () => {
    const shop = await newShop("crashing-store");
    const store = fixtureStore(undefined, {
      // The first download of the orders file drops after about four lines.
      download: (kind, text, attempt) =>
        kind === "orders" && attempt === 1
          ? streamedResponse(text, {
              chunkSize: 16,
              failAfterBytes: text.split("\n").slice(0, 4).join("\n").length + 20,
            })
          : streamedResponse(text),
    });
    restore = stubAdminApi(store.route).restore;
    const deps = { graphql: await graphqlFor(shop.domain), batchSize: 1 };
    const { run } = await createImportRun(shop.id, { reason: "install", allOrders: true });
    await expect(runToEnd(run.id, deps)).rejects.toThrow(/Connection reset/);
    const crashed = await prisma.importRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(crashed).toMatchObject({ status: "running", phase: "orders", attempts: 1 });
    expect(crashed.linesDone).toBeGreaterThan(0);
    const committed = await prisma.order.count({ where: { shopId: shop.id } });
    expect(committed).toBeGreaterThan(0);

    // The restarted worker picks the run up from its last committed line.
    await expect(runToEnd(run.id, deps)).resolves.toEqual({ state: "done" });
    expect(store.downloads.get("orders")).toBe(2);
    const resumed = await storeSnapshot(shop.id);
    expect(resumed).toEqual(reference);
    expect(await prisma.orderLine.count({ where: { shopId: shop.id } })).toBe(4);
    expect((await getImportStatus(shop)).counts.orders).toBe(3);
  });

  it.each([
    ["a bulk operation already running in the shop", "bulk-operation-in-progress.json"],
    ["the shop's limit of concurrent bulk operations", "bulk-operation-limit-reached.json"],
  ])("waits for %s instead of failing or starting another", async (_, answer) => {
    const shop = await newShop(`busy-store-${answer.length}`);
    const store = fixtureStore(undefined, {
      beforeGraphql: (op, attempt) =>
        op === "StoreSyncRunBulkQuery" && attempt === 1 ? jsonResponse(fixture(answer)) : undefined,
    });
    restore = stubAdminApi(store.route).restore;
    const deps = { graphql: await graphqlFor(shop.domain) };
    const { run } = await createImportRun(shop.id, { reason: "install", allOrders: true });
    expect(await runImportStep(run.id, deps)).toEqual({ state: "wait", delayMs: 10_000 });
    expect(await prisma.importRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      bulkOperationId: null,
      bulkStatus: "WAITING:RUNNING",
    });
    await runToEnd(run.id, deps);
    expect(store.state.started.map((s) => s.kind)).toEqual(["products", "collections", "customers", "orders"]);
    expect((await storeSnapshot(shop.id)).days).toEqual(reference.days);
  });

  it("shows a failed bulk operation, and Retry completes the import", async () => {
    const shop = await newShop("failing-store");
    const store = fixtureStore(undefined, {
      beforeGraphql: (op, attempt) =>
        op === "StoreSyncBulkOperation" && attempt === 1
          ? jsonResponse(fixture("bulk-operation-failed.json"))
          : undefined,
    });
    restore = stubAdminApi(store.route).restore;
    const deps = { graphql: await graphqlFor(shop.domain) };
    const { run } = await createImportRun(shop.id, { reason: "install", allOrders: true });
    const result = await runToEnd(run.id, deps);
    expect(result.state).toBe("failed");
    const status = await getImportStatus(shop);
    expect(status).toMatchObject({ state: "failed", phase: "products" });
    expect(status.error).toMatch(/bulk export of products failed \(INTERNAL_SERVER_ERROR\)/);

    expect(await retryImportRun(shop.id, run.id)).toBe(true);
    await expect(runToEnd(run.id, deps)).resolves.toEqual({ state: "done" });
    expect((await storeSnapshot(shop.id)).orders).toEqual(reference.orders);
  });

  it("backs off and retries when Shopify answers THROTTLED", async () => {
    const shop = await newShop("throttled-store");
    const store = fixtureStore(undefined, {
      beforeGraphql: (op, attempt) =>
        op === "StoreSyncRunBulkQuery" && attempt === 1 ? jsonResponse(fixture("throttled.json")) : undefined,
    });
    restore = stubAdminApi(store.route).restore;
    const waits: number[] = [];
    const deps = {
      graphql: await graphqlFor(shop.domain),
      request: { sleep: async (ms: number) => void waits.push(ms) },
    };
    const { run } = await createImportRun(shop.id, { reason: "install", allOrders: true });
    await expect(runToEnd(run.id, deps)).resolves.toEqual({ state: "done" });
    // 10 points asked, 4 available, 100 restored per second: 60 ms, plus a margin.
    expect(waits).toEqual([310]);
    expect(store.state.started).toHaveLength(4);
  });

  it("asks for the last 60 days of orders without read_all_orders", async () => {
    const shop = await newShop("recent-store");
    const store = fixtureStore();
    restore = stubAdminApi(store.route).restore;
    const now = new Date("2026-07-01T00:00:00Z");
    const { run } = await createImportRun(shop.id, { reason: "install", allOrders: false, now });
    await runToEnd(run.id, { graphql: await graphqlFor(shop.domain) });
    const ordersQuery = store.state.started.find((s) => s.kind === "orders")!.query;
    expect(ordersQuery).toContain(`processed_at:>='2026-05-02T00:00:00.000Z'`);
    expect((await getImportStatus(shop)).limitedOrderHistory).toBe(true);
  });
});

describe("orders batches", () => {
  async function* jsonl(rows: unknown[]) {
    for (const row of rows) yield JSON.stringify(row) + "\n";
  }
  const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" } });
  const order = {
    id: "gid://shopify/Order/9001",
    name: "#9001",
    processedAt: "2026-06-10T12:00:00Z",
    updatedAt: "2026-06-10T12:00:00Z",
    currencyCode: "USD",
    totalDiscountsSet: money("0.00"),
    totalShippingPriceSet: money("0.00"),
    totalTaxSet: money("0.00"),
    customer: { id: "gid://shopify/Customer/9001" },
    refunds: [],
  };
  const lineItem = {
    id: "gid://shopify/LineItem/9001",
    title: "Alpha",
    quantity: 1,
    originalUnitPriceSet: money("10.00"),
    totalDiscountSet: money("0.00"),
    __parentId: order.id,
  };

  it("write nothing for a shop deleted meanwhile (they are written without foreign-key probes)", async () => {
    const shop = await createShop({ domain: "deleted-store.myshopify.com", currency: "USD" });
    await prisma.shop.delete({ where: { id: shop.id } });
    const ref = { id: shop.id, currency: "USD", timezone: "UTC" };
    await expect(importOrders(ref, jsonl([order, lineItem]))).rejects.toThrow(/no longer exists/);
    expect(await prisma.order.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.orderLine.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("write the order, its line and the customer placeholder it refers to", async () => {
    const shop = await createShop({ domain: "one-order-store.myshopify.com", currency: "USD" });
    const ref = { id: shop.id, currency: "USD", timezone: "UTC" };
    expect(await importOrders(ref, jsonl([order, lineItem]))).toBe(1);
    const stored = await prisma.order.findUniqueOrThrow({
      where: { shopId_shopifyId: { shopId: shop.id, shopifyId: order.id } },
      include: { lines: true, customer: true },
    });
    expect(stored).toMatchObject({ day: "2026-06-10", grossSalesMinor: 10_00, totalMinor: 10_00 });
    expect(stored.customer).toMatchObject({ shopId: shop.id, shopifyId: "gid://shopify/Customer/9001" });
    expect(stored.lines).toEqual([expect.objectContaining({ shopId: shop.id, quantity: 1, unitPriceMinor: 10_00 })]);
  });
});
