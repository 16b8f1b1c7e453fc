// Webhooks as Shopify delivers them: HMAC-verified, idempotent, and the privacy
// topics leave no personal data behind.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { prisma } from "~/db.server";
import { addDays, dayInZone, startOfDayInZone } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { holdShopLock, settledWithin } from "~tests/shop-lock";
import { action as uninstalled, loader as uninstalledGet } from "~/routes/webhooks.app.uninstalled";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { receiveWebhook } from "~/platform/webhooks.server";

const args = (request: Request) => ({ request, params: {}, context: {} });

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const res = await run();
    return (res as Response).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

async function counts() {
  const [sessions, shops, deliveries, privacy, customers] = await Promise.all([
    prisma.session.count(),
    prisma.shop.count({ where: { uninstalledAt: null } }),
    prisma.webhookDelivery.count(),
    prisma.privacyRequest.count(),
    prisma.customer.count({ where: { redactedAt: null } }),
  ]);
  return { sessions, shops, deliveries, privacy, customers };
}

let n = 0;
let domain: string;
let shopId: string;

beforeEach(async () => {
  domain = `hooks-${++n}.myshopify.com`;
  const shop = await createShop({ domain });
  shopId = shop.id;
  await installSession(domain);
});

describe("HMAC verification", () => {
  it("accepts a correctly signed delivery", async () => {
    expect(
      await statusOf(() =>
        uninstalled(args(webhookRequest("app/uninstalled", domain, { id: 1, myshopify_domain: domain }))),
      ),
    ).toBe(200);
    expect(await prisma.session.count({ where: { shop: domain } })).toBe(0);
    expect((await prisma.shop.findUnique({ where: { domain } }))?.uninstalledAt).toBeInstanceOf(Date);
  });

  it("refuses a bad HMAC with 401 and writes nothing", async () => {
    const before = await counts();
    const forged = webhookRequest(
      "app/uninstalled",
      domain,
      { id: 1, myshopify_domain: domain },
      { secret: "wrong-secret" },
    );
    expect(await statusOf(() => uninstalled(args(forged)))).toBe(401);
    const forgedRedact = webhookRequest("shop/redact", domain, { shop_domain: domain }, { secret: "wrong-secret" });
    expect(await statusOf(() => shopRedact(args(forgedRedact)))).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("answers GET with 405", async () => {
    expect(uninstalledGet().status).toBe(405);
  });
});

describe("idempotency", () => {
  it("the same data request delivered twice records one request", async () => {
    const payload = { shop_domain: domain, customer: { id: 42, email: "ann@example.com" }, orders_requested: [7] };
    for (let i = 0; i < 2; i++) {
      const req = webhookRequest("customers/data_request", domain, payload, { webhookId: "wh-dr-1" });
      expect(await statusOf(() => dataRequest(args(req)))).toBe(200);
    }
    const requests = await prisma.privacyRequest.findMany({ where: { shopId } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ type: "access", status: "pending", customerShopifyId: "42" });
    // Shopify's 30 days (and the promise): overdue from the end of the 30th day in the shop's zone.
    const { timezone } = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    const dueOn = addDays(dayInZone(requests[0].receivedAt, timezone), 30);
    expect(requests[0].dueAt).toEqual(startOfDayInZone(addDays(dueOn, 1), timezone));
    expect(requests[0].verification).toBe("verified");
  });

  it("a conflict inside the effect is not mistaken for a repeat: Shopify retries and the retry applies", async () => {
    const req = () =>
      webhookRequest("app/scopes_update", domain, { current: ["read_orders"] }, { webhookId: "wh-conflict" });
    // The effect collides with an existing row (as an import racing a webhook can).
    const spec = { topic: "app/scopes_update", payload: z.unknown(), anyShop: true };
    const failing = () =>
      receiveWebhook(req(), {
        ...spec,
        effect: async (tx) => void (await tx.shop.create({ data: { domain, name: "dup" } })),
      });
    await expect(failing()).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.webhookDelivery.count({ where: { shopDomain: domain, webhookId: "wh-conflict" } })).toBe(0);
    let applied = 0;
    const retry = (await receiveWebhook(req(), { ...spec, effect: async () => void applied++ })) as Response;
    expect(retry.status).toBe(200);
    expect(applied).toBe(1);
  });

  it("scopes_update stores the granted scopes once", async () => {
    const req = () =>
      webhookRequest(
        "app/scopes_update",
        domain,
        { current: ["read_orders", "read_products"] },
        { webhookId: "wh-s-1" },
      );
    await scopesUpdate(args(req()));
    await scopesUpdate(args(req()));
    expect((await prisma.session.findFirst({ where: { shop: domain } }))?.scope).toBe("read_orders,read_products");
    expect(await prisma.webhookDelivery.count({ where: { shopDomain: domain, webhookId: "wh-s-1" } })).toBe(1);
  });
});

describe("customers/redact", () => {
  it("leaves none of the customer's personal data in any table", async () => {
    const person = { email: "redact.me@example.com", firstName: "Rhea", lastName: "Dactson", phone: "+15550001111" };
    const customer = await prisma.customer.create({
      data: {
        shopId,
        shopifyId: "gid://shopify/Customer/9001",
        ...person,
        city: "Springfield",
        address1: "1 Private Way",
        zip: "99999",
        region: "Oregon",
        country: "United States",
      },
    });
    const other = await prisma.customer.create({
      data: { shopId, shopifyId: "9002", email: "keep@example.com", firstName: "Kee" },
    });
    const product = await createProduct(shopId);
    const order = await createOrder(shopId, "2026-01-05", [line(product)], {
      customerId: customer.id,
      email: person.email,
      country: "United States",
      region: "Oregon",
    });
    await createOrder(shopId, "2026-01-06", [line(product)], { customerId: other.id, email: "keep@example.com" });
    // An earlier data request carries the address too.
    await dataRequest(
      args(
        webhookRequest("customers/data_request", domain, {
          shop_domain: domain,
          customer: { id: 9001, email: person.email },
          orders_requested: [],
        }),
      ),
    );

    const payload = {
      shop_domain: domain,
      customer: { id: 9001, email: person.email, phone: person.phone },
      orders_to_redact: [1],
    };
    expect(
      await statusOf(() =>
        customersRedact(args(webhookRequest("customers/redact", domain, payload, { webhookId: "wh-r-1" }))),
      ),
    ).toBe(200);
    expect(
      await statusOf(() =>
        customersRedact(args(webhookRequest("customers/redact", domain, payload, { webhookId: "wh-r-1" }))),
      ),
    ).toBe(200);

    // Search every table's every text column for the personal values.
    const tables = [
      "Customer",
      "Order",
      "OrderLine",
      "PrivacyRequest",
      "WebhookDelivery",
      "Session",
      "Shop",
      "OutboxMessage",
    ];
    for (const table of tables) {
      const rows = (await prisma.$queryRawUnsafe(`SELECT * FROM "${table}"`)) as Record<string, unknown>[];
      const text = JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v));
      for (const value of Object.values(person).concat(["1 Private Way", "99999"]))
        expect(text, `${table} still holds ${value}`).not.toContain(value);
    }
    const kept = await prisma.customer.findUnique({ where: { id: other.id } });
    expect(kept?.email).toBe("keep@example.com");
    expect((await prisma.order.findUnique({ where: { id: order.id } }))?.grossSalesMinor).toBe(10_000);
    const redactions = await prisma.privacyRequest.findMany({ where: { shopId, type: "deletion" } });
    expect(redactions).toHaveLength(1);
    expect(redactions[0].status).toBe("completed");
  });

  it("waits for the shop's row lock (a customer recompute holds it) before it touches a row", async () => {
    const customer = await prisma.customer.create({
      data: { shopId, shopifyId: "gid://shopify/Customer/9101", email: "wait.for.me@example.com" },
    });
    const lock = await holdShopLock(shopId);
    const payload = {
      shop_domain: domain,
      customer: { id: 9101, email: "wait.for.me@example.com" },
      orders_to_redact: [],
    };
    const redacting = statusOf(() =>
      customersRedact(args(webhookRequest("customers/redact", domain, payload, { webhookId: "wh-r-wait" }))),
    );
    expect(await settledWithin(redacting, 1_000)).toBe(false);
    await lock.release();
    expect(await redacting).toBe(200);
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).redactedAt).toBeInstanceOf(Date);
  });
});

describe("shop/redact", () => {
  it("deletes all of the shop's data, once", async () => {
    const product = await createProduct(shopId);
    await createOrder(shopId, "2026-02-01", [line(product)]);
    await prisma.operatingExpense.create({
      data: { shopId, category: "rent", description: "Office", amountMinor: 1000, date: "2026-02-01" },
    });
    const req = () => webhookRequest("shop/redact", domain, { shop_domain: domain }, { webhookId: "wh-sr-1" });
    expect(await statusOf(() => shopRedact(args(req())))).toBe(200);
    expect(await statusOf(() => shopRedact(args(req())))).toBe(200);
    expect(await prisma.shop.findUnique({ where: { domain } })).toBeNull();
    for (const count of [
      prisma.order.count({ where: { shopId } }),
      prisma.orderLine.count({ where: { shopId } }),
      prisma.product.count({ where: { shopId } }),
      prisma.dailyRollup.count({ where: { shopId } }),
      prisma.operatingExpense.count({ where: { shopId } }),
      prisma.session.count({ where: { shop: domain } }),
    ])
      expect(await count).toBe(0);
  });
});
