// Live updates through the store-data webhooks: HMAC-verified, idempotent by
// webhook id, newest updated_at wins, and the rollups always equal a rebuild.
import { beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { addProductCost } from "~/features/profit/index.server";
import { rebuildRollups } from "~/features/profit/index.server";
import { createShop } from "~tests/factories";
import { webhookRequest } from "~tests/shopify";
import { fixture } from "~tests/shopify-admin";
import { storeSnapshot } from "~tests/store-snapshot";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as ordersUpdated from "~/routes/webhooks.orders.updated";
import * as ordersCancelled from "~/routes/webhooks.orders.cancelled";
import * as refundsCreate from "~/routes/webhooks.refunds.create";
import * as productsCreate from "~/routes/webhooks.products.create";
import * as productsUpdate from "~/routes/webhooks.products.update";
import * as productsDelete from "~/routes/webhooks.products.delete";
import * as inventoryLevelsUpdate from "~/routes/webhooks.inventory_levels.update";
import * as inventoryItemsUpdate from "~/routes/webhooks.inventory_items.update";
import * as customersCreate from "~/routes/webhooks.customers.create";
import * as customersUpdate from "~/routes/webhooks.customers.update";
import * as customersDelete from "~/routes/webhooks.customers.delete";

const SHOP = "live-store.myshopify.com";
type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const ROUTES: Record<string, Route> = {
  "orders/create": ordersCreate,
  "orders/updated": ordersUpdated,
  "orders/cancelled": ordersCancelled,
  "refunds/create": refundsCreate,
  "products/create": productsCreate,
  "products/update": productsUpdate,
  "products/delete": productsDelete,
  "inventory_levels/update": inventoryLevelsUpdate,
  "inventory_items/update": inventoryItemsUpdate,
  "customers/create": customersCreate,
  "customers/update": customersUpdate,
  "customers/delete": customersDelete,
};

async function deliver(topic: string, payload: unknown, options: { webhookId?: string; secret?: string } = {}) {
  const response = await ROUTES[topic].action({
    request: webhookRequest(topic, SHOP, payload, options),
    params: {},
    context: {},
  });
  return response.status;
}

type RestOrder = ReturnType<typeof orderPayload>;
const orderPayload = () => fixture<Record<string, any>>("webhook-order.json");
const ORDER_ID = "gid://shopify/Order/5891234567890";

/** The same order as Shopify would send it after an edit at `updatedAt`. */
function editedOrder(updatedAt: string, quantity: number, extra: Partial<RestOrder> = {}) {
  const o = orderPayload();
  o.updated_at = updatedAt;
  o.line_items[0].quantity = quantity;
  return { ...o, ...extra };
}

let shopId: string;

async function rollups() {
  const s = await storeSnapshot(shopId);
  return { days: s.days, productDays: s.productDays };
}

/** The rollups kept by the webhooks equal what a full rebuild computes. */
async function expectRollupsMatchRebuild() {
  const incremental = await rollups();
  await rebuildRollups(shopId);
  expect(incremental).toEqual(await rollups());
  return incremental;
}

beforeAll(async () => {
  const shop = await createShop({ domain: SHOP, timezone: "America/New_York", currency: "USD" });
  shopId = shop.id;
  expect(await deliver("products/create", fixture("webhook-product.json"))).toBe(200);
  // Product payloads carry no cost: it comes with the inventory item.
  expect(
    await deliver("inventory_items/update", {
      ...fixture<object>("webhook-inventory-item.json"),
      cost: "40.00",
      updated_at: "2026-06-01T10:00:00-04:00",
    }),
  ).toBe(200);
  expect(await deliver("customers/create", fixture("webhook-customer.json"))).toBe(200);
});

describe("store-data webhooks", () => {
  it("answer 401 and write nothing when the HMAC is wrong", async () => {
    const before = await prisma.order.count();
    await expect(deliver("orders/create", orderPayload(), { secret: "not-the-secret" })).rejects.toMatchObject({
      status: 401,
    });
    expect(await prisma.order.count()).toBe(before);
    expect(await prisma.webhookDelivery.count({ where: { topic: "orders/create" } })).toBe(0);
  });

  it("orders/create records the order in the shop's currency with the cost at the time of sale", async () => {
    expect(await deliver("orders/create", orderPayload(), { webhookId: "order-create-1" })).toBe(200);
    const order = await prisma.order.findUniqueOrThrow({
      where: { shopId_shopifyId: { shopId, shopifyId: ORDER_ID } },
      include: { lines: true, customer: true },
    });
    expect(order).toMatchObject({
      day: "2026-06-20",
      currency: "USD",
      presentmentCurrency: "CAD",
      grossSalesMinor: 100_00,
      discountsMinor: 5_00,
      shippingMinor: 10_00,
      taxesMinor: 12_00,
      totalMinor: 117_00,
      country: "Canada",
    });
    expect(order.customer?.email).toBe("ann@example.com");
    // Referred by Facebook with utm_medium=social on the landing page.
    expect(order.source).toBe("social");
    expect(order.lines).toEqual([
      expect.objectContaining({
        sku: "A-1",
        quantity: 1,
        unitPriceMinor: 100_00,
        discountMinor: 5_00,
        unitCostMinor: 40_00,
      }),
    ]);
    const r = await expectRollupsMatchRebuild();
    expect(r.days).toEqual([
      expect.objectContaining({ day: "2026-06-20", ordersCount: 1, grossSalesMinor: 100_00, cogsMinor: 40_00 }),
    ]);
  });

  it("change nothing when a delivery is replayed", async () => {
    const before = await storeSnapshot(shopId);
    expect(await deliver("orders/create", orderPayload(), { webhookId: "order-create-1" })).toBe(200);
    expect(await deliver("customers/create", fixture("webhook-customer.json"), { webhookId: "cust-replay" })).toBe(200);
    expect(await deliver("customers/create", fixture("webhook-customer.json"), { webhookId: "cust-replay" })).toBe(200);
    expect(await storeSnapshot(shopId)).toEqual(before);
    expect(await prisma.webhookDelivery.count({ where: { webhookId: "order-create-1" } })).toBe(1);
  });

  it("keep the attribution an order was stored with when a later update suggests another", async () => {
    await prisma.order.update({
      where: { shopId_shopifyId: { shopId, shopifyId: ORDER_ID } },
      data: { source: "email" },
    });
    expect(
      await deliver(
        "orders/updated",
        editedOrder("2026-06-20T14:30:00-04:00", 1, { referring_site: "https://www.google.com/" }),
      ),
    ).toBe(200);
    const order = await prisma.order.findUniqueOrThrow({
      where: { shopId_shopifyId: { shopId, shopifyId: ORDER_ID } },
    });
    expect([order.source, order.shopifyUpdatedAt?.toISOString()]).toEqual(["email", "2026-06-20T18:30:00.000Z"]);
  });

  it("end in the newest state when updates arrive out of order", async () => {
    // Shopify sends two edits; the newer one (3 units) arrives first, the older (2 units) late.
    expect(await deliver("orders/updated", editedOrder("2026-06-20T16:00:00-04:00", 3))).toBe(200);
    expect(await deliver("orders/updated", editedOrder("2026-06-20T15:00:00-04:00", 2))).toBe(200);
    // A redelivery of the same newest state under a new webhook id changes nothing either.
    expect(await deliver("orders/updated", editedOrder("2026-06-20T16:00:00-04:00", 3))).toBe(200);
    const line = await prisma.orderLine.findFirstOrThrow({ where: { shopId, order: { shopifyId: ORDER_ID } } });
    expect(line.quantity).toBe(3);
    expect(line.unitCostMinor).toBe(40_00);
    const r = await expectRollupsMatchRebuild();
    expect(r.days[0]).toMatchObject({ ordersCount: 1, grossSalesMinor: 300_00, cogsMinor: 120_00 });
    expect(r.productDays).toEqual([expect.objectContaining({ day: "2026-06-20", units: 3, revenueMinor: 295_00 })]);
  });

  it("put a refund on the refund's day, not the order's, and count it once", async () => {
    const refund = fixture<Record<string, unknown>>("webhook-refund.json");
    expect(await deliver("refunds/create", refund)).toBe(200);
    expect(await deliver("refunds/create", refund)).toBe(200); // a second delivery of the same refund
    // Paid in CAD: the shop-money amount is the refunded subtotal plus its tax, 95.00 + 11.40.
    const r = await expectRollupsMatchRebuild();
    expect(r.days.map((d) => [d.day, d.refundsMinor])).toEqual([
      ["2026-06-20", 0],
      ["2026-06-25", 106_40],
    ]);
    const order = await prisma.order.findFirstOrThrow({ where: { shopId, shopifyId: ORDER_ID } });
    expect(order.refundsMinor).toBe(106_40);
    // The refund also arrives inside a later orders/updated: still counted once.
    const withRefund = editedOrder("2026-06-25T10:00:05-04:00", 3, {
      refunds: [{ ...refund, order_id: undefined }] as any,
    });
    expect(await deliver("orders/updated", withRefund)).toBe(200);
    expect((await expectRollupsMatchRebuild()).days.find((d) => d.day === "2026-06-25")?.refundsMinor).toBe(106_40);
  });

  it("keep the cost of past sales when the unit cost changes later", async () => {
    expect(await deliver("inventory_items/update", fixture("webhook-inventory-item.json"))).toBe(200); // cost 45 from 2026-06-22
    const variant = await prisma.variant.findFirstOrThrow({ where: { shopId, sku: "A-1" } });
    expect(variant.unitCostMinor).toBe(45_00);
    // A late, older cost update does not undo it.
    expect(
      await deliver("inventory_items/update", {
        ...fixture<object>("webhook-inventory-item.json"),
        cost: "41.00",
        updated_at: "2026-06-21T10:00:00-04:00",
      }),
    ).toBe(200);
    expect((await prisma.variant.findFirstOrThrow({ where: { id: variant.id } })).unitCostMinor).toBe(45_00);
    // The order edited after the change keeps its lines' cost at sale...
    expect(await deliver("orders/updated", editedOrder("2026-06-26T10:00:00-04:00", 3))).toBe(200);
    const old = await prisma.orderLine.findFirstOrThrow({ where: { shopId, order: { shopifyId: ORDER_ID } } });
    expect(old.unitCostMinor).toBe(40_00);
    // ...and a new sale takes the new cost.
    const next = orderPayload();
    Object.assign(next, {
      id: 2002,
      admin_graphql_api_id: "gid://shopify/Order/2002",
      name: "#2002",
      processed_at: "2026-06-23T12:00:00-04:00",
      updated_at: "2026-06-23T12:00:00-04:00",
    });
    next.line_items[0] = { ...next.line_items[0], id: 2, admin_graphql_api_id: "gid://shopify/LineItem/2" };
    expect(await deliver("orders/create", next)).toBe(200);
    const fresh = await prisma.orderLine.findFirstOrThrow({ where: { shopId, shopifyId: "gid://shopify/LineItem/2" } });
    expect(fresh.unitCostMinor).toBe(45_00);
    await expectRollupsMatchRebuild();
  });

  it("apply a cost entered in the app from its effective day, and agree with a rebuild", async () => {
    const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    await addProductCost(shop, {
      productName: "Alpha Headphones",
      sku: "A-1",
      costPerUnit: "30.00",
      effectiveFrom: "2026-06-22",
    });
    // An edit after the manual cost: the delta is computed with the same override rules.
    expect(await deliver("orders/updated", { ...editedOrder("2026-06-27T10:00:00-04:00", 4) })).toBe(200);
    const r = await expectRollupsMatchRebuild();
    expect(r.days.find((d) => d.day === "2026-06-20")).toMatchObject({ cogsMinor: 4 * 40_00 });
    expect(r.days.find((d) => d.day === "2026-06-23")).toMatchObject({ cogsMinor: 30_00 });
  });

  it("take a cancelled order and its refunds out of the figures", async () => {
    const cancelled = editedOrder("2026-06-28T09:00:00-04:00", 4, {
      cancelled_at: "2026-06-28T09:00:00-04:00",
      financial_status: "refunded",
    });
    expect(await deliver("orders/cancelled", cancelled)).toBe(200);
    const r = await expectRollupsMatchRebuild();
    expect(r.days.find((d) => d.day === "2026-06-20")).toBeUndefined();
    expect(r.days.find((d) => d.day === "2026-06-25")).toBeUndefined();
    expect(r.days.map((d) => d.day)).toEqual(["2026-06-23"]);
  });
});

describe("product, inventory and customer webhooks", () => {
  it("keep the newest product and ignore an older update", async () => {
    const product = fixture<Record<string, any>>("webhook-product.json");
    expect(
      await deliver("products/update", {
        ...product,
        title: "Alpha Headphones Pro",
        updated_at: "2026-06-30T10:00:00-04:00",
      }),
    ).toBe(200);
    expect(
      await deliver("products/update", { ...product, title: "Alpha (old)", updated_at: "2026-06-29T10:00:00-04:00" }),
    ).toBe(200);
    const stored = await prisma.product.findFirstOrThrow({ where: { shopId, shopifyId: "gid://shopify/Product/1" } });
    expect(stored.title).toBe("Alpha Headphones Pro");
  });

  it("sum stock over locations, newest level per location", async () => {
    const level = fixture<Record<string, any>>("webhook-inventory-level.json");
    expect(await deliver("inventory_levels/update", level)).toBe(200); // location 1: 4
    expect(await deliver("inventory_levels/update", { ...level, location_id: 2, available: 6 })).toBe(200);
    expect(
      await deliver("inventory_levels/update", { ...level, available: 99, updated_at: "2026-06-20T10:00:00-04:00" }),
    ).toBe(200); // older
    const variant = await prisma.variant.findFirstOrThrow({
      where: { shopId, sku: "A-1" },
      include: { inventory: true },
    });
    expect(variant.inventory?.available).toBe(10);
  });

  it("keep a deleted product for past sales", async () => {
    expect(await deliver("products/delete", { id: 1 })).toBe(200);
    const stored = await prisma.product.findFirstOrThrow({ where: { shopId, shopifyId: "gid://shopify/Product/1" } });
    expect(stored.deletedAt).not.toBeNull();
    expect((await rollups()).productDays.length).toBeGreaterThan(0);
  });

  it("update customers newest-first and clear personal data on delete", async () => {
    const customer = fixture<Record<string, any>>("webhook-customer.json");
    expect(
      await deliver("customers/update", { ...customer, first_name: "Annie", updated_at: "2026-06-10T09:00:00-04:00" }),
    ).toBe(200);
    expect(
      await deliver("customers/update", { ...customer, first_name: "Old", updated_at: "2026-06-05T09:00:00-04:00" }),
    ).toBe(200);
    expect(
      (await prisma.customer.findFirstOrThrow({ where: { shopId, shopifyId: "gid://shopify/Customer/501" } }))
        .firstName,
    ).toBe("Annie");
    expect(await deliver("customers/delete", { id: 501 })).toBe(200);
    const deleted = await prisma.customer.findFirstOrThrow({
      where: { shopId, shopifyId: "gid://shopify/Customer/501" },
    });
    expect(deleted).toMatchObject({ email: null, firstName: null, phone: null });
    expect(deleted.deletedAt).not.toBeNull();
    expect(await deliver("customers/update", { ...customer, updated_at: "2026-07-01T09:00:00-04:00" })).toBe(200);
    expect((await prisma.customer.findFirstOrThrow({ where: { id: deleted.id } })).email).toBeNull();
  });

  it("ignore deliveries for a shop the app does not know", async () => {
    const response = await ROUTES["orders/create"].action({
      request: webhookRequest("orders/create", "unknown.myshopify.com", orderPayload()),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect(await prisma.order.count({ where: { shop: { domain: "unknown.myshopify.com" } } })).toBe(0);
  });
});
