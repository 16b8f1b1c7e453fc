// The value sort's order kept across data changes (decision 073): after an order webhook, a new
// customer and a customers/redact, the order patched with the rows rescored since equals one built
// afresh from every row, without building it again; another shop's order is not touched.
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as customersCreate from "~/routes/webhooks.customers.create";
import * as customersRedact from "~/routes/webhooks.customers.redact";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { webhookRequest } from "~tests/shopify";
import { fixture } from "~tests/shopify-admin";
import { listCustomers } from "./list.server";
import { getStoredModel, recomputeShop } from "./scores.server";
import { forgetValueOrders, valueOrder, valueOrderBuilds, valueOrderCounts, valuePage } from "./value-order.server";

type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const deliver = async (route: Route, topic: string, domain: string, payload: unknown, webhookId: string) =>
  (await route.action({ request: webhookRequest(topic, domain, payload, { webhookId }), params: {}, context: {} }))
    .status;

async function seedShop(domain: string, customers: number) {
  const shop = { ...(await createShop({ domain })), currency: "USD" };
  const item = await createProduct(shop.id, { priceMinor: 4_000 });
  for (let i = 0; i < customers; i++) {
    const c = await prisma.customer.create({
      data: { shopId: shop.id, email: `c${i}@example.com`, firstName: `C${i}`, createdAt: new Date("2025-01-01") },
    });
    for (let k = 0; k <= i % 4; k++)
      await createOrder(
        shop.id,
        `2026-${String(1 + ((i + k * 3) % 10)).padStart(2, "0")}-${String(1 + ((i * 7 + k) % 27)).padStart(2, "0")}`,
        [line(item, 1 + ((i + k) % 4))],
        { customerId: c.id },
      );
  }
  await recomputeShop(shop, { now: new Date(), refit: true, rebuild: true });
  return shop;
}

type Shop = Awaited<ReturnType<typeof seedShop>>;

/** Every customer of the shop by value, both directions, and a segment's page: ids and values. */
async function byValue(shop: Shop) {
  const desc = await listCustomers(shop, { segment: null, q: "", sort: "value", dir: "desc", page: 1 }, 200);
  const asc = await listCustomers(shop, { segment: null, q: "", sort: "value", dir: "asc", page: 1 }, 200);
  const segment = desc.rows[0]!.segment;
  const inSegment = await listCustomers(shop, { segment, q: "", sort: "value", dir: "desc", page: 1 }, 200);
  const ids = (rows: { id: string; predicted12mMinor: number | null }[]) =>
    rows.map((r) => `${r.id}:${r.predicted12mMinor}`);
  // The order itself too: the list skips an id whose row is gone, the order must not hold it.
  const order = await valueOrder(shop.id, await getStoredModel(prisma, shop.id));
  return {
    desc: ids(desc.rows),
    asc: ids(asc.rows),
    inSegment: ids(inSegment.rows),
    orderDesc: valuePage(order, null, "desc", 0, 1_000),
    orderAsc: valuePage(order, null, "asc", 0, 1_000),
  };
}

/** The order as the cache holds it (patched), and one built afresh; the first must not have been built. */
async function patchedAndFresh(shop: Shop) {
  const builds = valueOrderBuilds();
  const patched = await byValue(shop);
  expect(valueOrderBuilds()).toBe(builds);
  forgetValueOrders();
  const fresh = await byValue(shop);
  expect(valueOrderBuilds()).toBe(builds + 1);
  return { patched, fresh };
}

describe("the value sort's order patched with the rows rescored since (decision 073)", () => {
  it("equals a freshly built order after a new customer, an order webhook and a redact; other shops untouched", async () => {
    const domain = "value-order.myshopify.com";
    const shop = await seedShop(domain, 30);
    const other = await seedShop("value-order-other.myshopify.com", 12);
    forgetValueOrders();
    const otherBefore = await byValue(other);
    const start = await byValue(shop);
    expect(start.desc).toHaveLength(30);

    // A new customer (customers/create): a row with no value, last in both directions.
    expect(await deliver(customersCreate, "customers/create", domain, fixture("webhook-customer.json"), "c-1")).toBe(
      200,
    );
    const ann = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "ann@example.com" } });
    const created = await patchedAndFresh(shop);
    expect(created.patched).toEqual(created.fresh);
    expect(created.patched.desc).toHaveLength(31);
    expect(created.patched.desc.at(-1)).toBe(`${ann.id}:null`);

    // Her first order (orders/create): her row is rescored and moves to its value's place. No row
    // was deleted, so the patch does not count the shop's rows (25–50 ms at 100,000 customers).
    expect(await deliver(ordersCreate, "orders/create", domain, fixture("webhook-order.json"), "o-1")).toBe(200);
    const counted = valueOrderCounts();
    const ordered = await patchedAndFresh(shop);
    expect(valueOrderCounts()).toBe(counted);
    expect(ordered.patched).toEqual(ordered.fresh);
    const annAt = ordered.patched.desc.findIndex((r) => r.startsWith(`${ann.id}:`));
    expect(ordered.patched.desc[annAt]).not.toBe(`${ann.id}:null`);
    expect(annAt).toBeLessThan(30);

    // customers/redact: her row leaves the order (the deletion is counted, then found).
    const redact = { shop_domain: domain, customer: { id: 501, email: "ann@example.com" }, orders_to_redact: [] };
    expect(await deliver(customersRedact, "customers/redact", domain, redact, "r-1")).toBe(200);
    const redacted = await patchedAndFresh(shop);
    expect(valueOrderCounts()).toBe(counted + 1);
    expect(redacted.patched).toEqual(redacted.fresh);
    expect(redacted.patched.desc).toEqual(start.desc);

    // The other shop's order holds its own customers only, unchanged by the first shop's writes.
    const otherAfter = await byValue(other);
    expect(otherAfter).toEqual(otherBefore);
    const otherIds = new Set(otherAfter.desc.map((r) => r.split(":")[0]));
    expect(redacted.patched.desc.some((r) => otherIds.has(r.split(":")[0]))).toBe(false);
    expect(otherAfter.desc).toHaveLength(12);
  });

  it("a whole-shop recompute builds the order again", async () => {
    const shop = await seedShop("value-order-rebuild.myshopify.com", 10);
    forgetValueOrders();
    await byValue(shop);
    const builds = valueOrderBuilds();
    await byValue(shop);
    expect(valueOrderBuilds()).toBe(builds);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recomputeShop(shop, { now: new Date() });
    await byValue(shop);
    expect(valueOrderBuilds()).toBe(builds + 1);
  });
});
