// Webhooks are bound to their signed body (docs/decisions/035-webhook-binding.md): a
// captured delivery replayed to another route, with another topic or for another shop
// changes nothing; a payload of the wrong shape is acknowledged and recorded, never a
// 5xx; a stale delivery or one for a shop that is not installed changes nothing.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { prisma } from "~/db.server";
import { receiveWebhook } from "~/platform/webhooks.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import * as appUninstalled from "~/routes/webhooks.app.uninstalled";
import * as checkoutsCreate from "~/routes/webhooks.checkouts.create";
import * as checkoutsUpdate from "~/routes/webhooks.checkouts.update";
import * as collectionsCreate from "~/routes/webhooks.collections.create";
import * as collectionsDelete from "~/routes/webhooks.collections.delete";
import * as collectionsUpdate from "~/routes/webhooks.collections.update";
import * as scopesUpdate from "~/routes/webhooks.app.scopes_update";
import * as subscriptions from "~/routes/webhooks.app_subscriptions.update";
import * as customersCreate from "~/routes/webhooks.customers.create";
import * as customersUpdate from "~/routes/webhooks.customers.update";
import * as customersDelete from "~/routes/webhooks.customers.delete";
import * as dataRequest from "~/routes/webhooks.customers.data_request";
import * as customersRedact from "~/routes/webhooks.customers.redact";
import * as inventoryItems from "~/routes/webhooks.inventory_items.update";
import * as inventoryLevels from "~/routes/webhooks.inventory_levels.update";
import * as ordersCancelled from "~/routes/webhooks.orders.cancelled";
import * as ordersCreate from "~/routes/webhooks.orders.create";
import * as ordersUpdated from "~/routes/webhooks.orders.updated";
import * as ordersPaid from "~/routes/webhooks.orders.paid";
import * as transactionsCreate from "~/routes/webhooks.order_transactions.create";
import * as productsCreate from "~/routes/webhooks.products.create";
import * as productsDelete from "~/routes/webhooks.products.delete";
import * as productsUpdate from "~/routes/webhooks.products.update";
import * as refundsCreate from "~/routes/webhooks.refunds.create";
import * as shopRedact from "~/routes/webhooks.shop.redact";

// Route actions of every shape: each is called with a request.
type Action = (args: any) => Promise<Response>;
const ROUTES: Record<string, Action> = {
  "app/uninstalled": appUninstalled.action,
  "app/scopes_update": scopesUpdate.action,
  "app_subscriptions/update": subscriptions.action,
  "checkouts/create": checkoutsCreate.action,
  "checkouts/update": checkoutsUpdate.action,
  "collections/create": collectionsCreate.action,
  "collections/update": collectionsUpdate.action,
  "collections/delete": collectionsDelete.action,
  "customers/create": customersCreate.action,
  "customers/update": customersUpdate.action,
  "customers/delete": customersDelete.action,
  "customers/data_request": dataRequest.action,
  "customers/redact": customersRedact.action,
  "inventory_items/update": inventoryItems.action,
  "inventory_levels/update": inventoryLevels.action,
  "orders/cancelled": ordersCancelled.action,
  "orders/create": ordersCreate.action,
  "orders/updated": ordersUpdated.action,
  "orders/paid": ordersPaid.action,
  "order_transactions/create": transactionsCreate.action,
  "products/create": productsCreate.action,
  "products/delete": productsDelete.action,
  "products/update": productsUpdate.action,
  "refunds/create": refundsCreate.action,
  "shop/redact": shopRedact.action,
};
const TOPICS = Object.keys(ROUTES);
/** Topics that carry the same kind of body: one's signed body is a genuine body of the others. */
const FAMILY: Record<string, string> = {
  "orders/create": "order",
  "orders/updated": "order",
  "orders/cancelled": "order",
  "orders/paid": "order",
  "products/create": "product",
  "products/update": "product",
  "checkouts/create": "checkout",
  "checkouts/update": "checkout",
  "collections/create": "collection",
  "collections/update": "collection",
  "customers/create": "customer",
  "customers/update": "customer",
  "customers/delete": "customer",
};
const sameKind = (a: string, b: string) => !!FAMILY[a] && FAMILY[a] === FAMILY[b];

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", "shopify", `webhook-${name}.json`), "utf8"));

/** A genuine body for each topic, as the shop `domain` would receive it. */
function bodyFor(topic: string, domain: string): unknown {
  if (topic.startsWith("orders/")) return fixture("order");
  if (topic === "products/delete") return { id: 1 };
  if (topic.startsWith("products/")) return fixture("product");
  if (topic === "customers/delete" || topic === "customers/create" || topic === "customers/update")
    return fixture("customer");
  if (topic.startsWith("checkouts/")) return fixture("checkout");
  if (topic === "refunds/create") return fixture("refund");
  if (topic === "order_transactions/create") return fixture("transaction");
  if (topic === "collections/delete") return { id: 801, published_scope: "web" };
  if (topic.startsWith("collections/")) return fixture("collection");
  if (topic === "inventory_levels/update") return fixture("inventory-level");
  if (topic === "inventory_items/update") return fixture("inventory-item");
  if (topic === "app/uninstalled") return { id: 1, myshopify_domain: domain, domain };
  if (topic === "app/scopes_update") return { id: 1, current: ["read_orders"], previous: [] };
  if (topic === "app_subscriptions/update")
    return {
      app_subscription: {
        admin_graphql_api_id: "gid://shopify/AppSubscription/1",
        name: "Pro Monthly",
        status: "ACTIVE",
      },
    };
  if (topic === "customers/data_request")
    return { shop_domain: domain, customer: { id: 1, email: "a@example.com" }, orders_requested: [] };
  if (topic === "customers/redact")
    return { shop_domain: domain, customer: { id: 1, email: "a@example.com" }, orders_to_redact: [] };
  return { shop_domain: domain };
}

/** Everything a shop owns, plus the shops themselves and their sessions. */
async function snapshot(shopIds: string[]) {
  const shops = await prisma.shop.findMany({ where: { id: { in: shopIds } }, orderBy: { id: "asc" } });
  const [sessions, orders, customers, products, privacy, checkouts] = await Promise.all([
    prisma.session.count(),
    prisma.order.findMany({ where: { shopId: { in: shopIds } }, orderBy: { id: "asc" } }),
    prisma.customer.findMany({ where: { shopId: { in: shopIds } }, orderBy: { id: "asc" } }),
    prisma.product.findMany({ where: { shopId: { in: shopIds } }, orderBy: { id: "asc" } }),
    prisma.privacyRequest.count(),
    prisma.abandonedCheckout.findMany({ where: { shopId: { in: shopIds } }, orderBy: { id: "asc" } }),
  ]);
  return { shops, sessions, orders, customers, products, privacy, checkouts };
}

async function status(action: Action, request: Request): Promise<number> {
  try {
    return (await action({ request, params: {}, context: {} })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

let n = 0;
let victim: { id: string; domain: string };
let attacker: { id: string; domain: string };

beforeEach(async () => {
  n++;
  victim = await createShop({ domain: `victim-${n}.myshopify.com` });
  attacker = await createShop({ domain: `attacker-${n}.myshopify.com` });
  await installSession(victim.domain);
  await installSession(attacker.domain);
  const product = await createProduct(victim.id);
  await createOrder(victim.id, "2026-06-01", [line(product)]);
});

describe("replays", () => {
  it("the signed body of an orders/create delivery cannot erase or uninstall another shop", async () => {
    const before = await snapshot([victim.id, attacker.id]);
    const body = bodyFor("orders/create", attacker.domain);
    for (const topic of ["shop/redact", "app/uninstalled", "customers/redact"]) {
      const replay = webhookRequest(topic, victim.domain, body, { headers: { "X-Shopify-Topic": topic } });
      expect(await status(ROUTES[topic], replay)).toBeLessThan(500);
    }
    expect(await snapshot([victim.id, attacker.id])).toEqual(before);
  });

  it("every topic's body sent to every other route, with its own or the route's topic, changes no shop's data", async () => {
    const before = await snapshot([victim.id, attacker.id]);
    let sent = 0;
    for (const from of TOPICS) {
      const body = bodyFor(from, attacker.domain);
      for (const to of TOPICS) {
        // An order body is a genuine orders/updated body too; those pairs are the same event.
        if (to === from || sameKind(from, to)) continue;
        for (const topicHeader of [from, to]) {
          const replay = webhookRequest(topicHeader, victim.domain, body, { path: `/webhooks/${to}` });
          const answer = await status(ROUTES[to], replay);
          expect(answer, `${from} → ${to} as ${topicHeader}`).toBeLessThan(500);
          if (topicHeader !== to) expect(answer).toBe(401);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(TOPICS.length * (TOPICS.length - 2));
    expect(await snapshot([victim.id, attacker.id])).toEqual(before);
  });

  it("a body naming one shop, delivered as another's, is refused with 401 and writes nothing", async () => {
    const counts = await tableCounts();
    for (const topic of ["shop/redact", "customers/redact", "customers/data_request", "app/uninstalled"]) {
      const request = webhookRequest(topic, victim.domain, bodyFor(topic, attacker.domain));
      expect(await status(ROUTES[topic], request), topic).toBe(401);
    }
    expect(await tableCounts()).toEqual(counts);
  });

  it("a body naming another shop is refused with 401 before its shape is looked at, and writes nothing", async () => {
    const counts = await tableCounts();
    const malformed: [string, unknown][] = [
      ["shop/redact", { shop_domain: attacker.domain, shop_id: "not-an-id" }],
      ["customers/redact", { shop_domain: attacker.domain, customer: "nobody" }],
      ["customers/data_request", { shop_domain: attacker.domain, orders_requested: {} }],
      ["app/uninstalled", { myshopify_domain: attacker.domain, id: [] }],
    ];
    for (const [topic, body] of malformed)
      expect(await status(ROUTES[topic], webhookRequest(topic, victim.domain, body)), topic).toBe(401);
    expect(await tableCounts()).toEqual(counts);
  });

  it("the shop named in the body is compared without regard to case", async () => {
    const request = webhookRequest("shop/redact", victim.domain, { shop_domain: victim.domain.toUpperCase() });
    expect(await status(ROUTES["shop/redact"], request)).toBe(200);
    expect(await prisma.shop.count({ where: { id: victim.id } })).toBe(0);
  });
});

describe("what is acknowledged and ignored", () => {
  it("a delivery older than Shopify's retry window is acknowledged, recorded as stale and changes nothing", async () => {
    const before = await snapshot([victim.id]);
    const stale = new Date(Date.now() - 6 * 3600_000).toISOString();
    const request = webhookRequest("shop/redact", victim.domain, bodyFor("shop/redact", victim.domain), {
      webhookId: "stale-1",
      headers: { "X-Shopify-Triggered-At": stale },
    });
    expect(await status(ROUTES["shop/redact"], request)).toBe(200);
    expect(await snapshot([victim.id])).toEqual(before);
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { webhookId: "stale-1" } });
    expect(delivery).toMatchObject({ outcome: "ignored", topic: "shop/redact", shopId: null });
    expect(delivery.reason).toMatch(/stale/);
  });

  it("a data topic for a shop that is not installed changes nothing", async () => {
    const request = webhookRequest("orders/create", "never-installed.myshopify.com", bodyFor("orders/create", ""), {
      webhookId: "gone-1",
    });
    const before = await tableCounts();
    expect(await status(ROUTES["orders/create"], request)).toBe(200);
    const after = await tableCounts();
    expect({ ...after, WebhookDelivery: before.WebhookDelivery }).toEqual(before);
    expect(await prisma.webhookDelivery.findFirstOrThrow({ where: { webhookId: "gone-1" } })).toMatchObject({
      outcome: "ignored",
    });
  });

  it("a payload of the wrong shape is acknowledged (200), recorded as rejected with the reason, and writes nothing else", async () => {
    const before = await tableCounts();
    const request = webhookRequest(
      "orders/create",
      victim.domain,
      { id: "not-a-number", line_items: "nope" },
      { webhookId: "bad-1" },
    );
    expect(await status(ROUTES["orders/create"], request)).toBe(200);
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { webhookId: "bad-1" } });
    expect(delivery.outcome).toBe("rejected");
    expect(delivery.reason).toContain("id");
    expect(delivery.reason).not.toContain("not-a-number");
    const after = await tableCounts();
    expect({ ...after, WebhookDelivery: before.WebhookDelivery }).toEqual(before);
  });

  it("values the database cannot hold never give a 5xx; bodies that are not JSON are refused and write nothing", async () => {
    const order = () => bodyFor("orders/create", "") as Record<string, any>;
    const huge = order();
    huge.line_items[0].price_set.shop_money.amount = "3000000000000.00";
    const farFuture = order();
    farFuture.created_at = "+275760-09-13T00:00:00Z";
    farFuture.processed_at = null;
    const level = bodyFor("inventory_levels/update", "") as Record<string, unknown>;
    level.available = 2 ** 33;
    const cases: [string, unknown][] = [
      ["orders/create", huge],
      ["orders/create", farFuture],
      ["inventory_levels/update", level],
    ];
    // PostgreSQL refuses the 32-bit overflows (recorded as rejected); SQLite's integers hold them.
    for (const [topic, body] of cases)
      expect(await status(ROUTES[topic], webhookRequest(topic, victim.domain, body)), topic).toBe(200);
    const before = await tableCounts();
    for (const rawBody of ["not json{", ""])
      expect(
        await status(ROUTES["orders/create"], webhookRequest("orders/create", victim.domain, null, { rawBody })),
      ).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it("a database failure inside the effect is retried (thrown) with an error that does not quote the payload", async () => {
    const secret = "Secret_Value_From_The_Body";
    const request = webhookRequest("app/scopes_update", victim.domain, { secret }, { webhookId: "db-fail-1" });
    const failure = await receiveWebhook(request, {
      topic: "app/scopes_update",
      payload: z.looseObject({ secret: z.string() }),
      anyShop: true,
      // A statement the database refuses, whose text carries a value from the body.
      effect: async (tx, { payload }) => void (await tx.$executeRawUnsafe(`SELECT * FROM "${payload.secret}"`)),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(`${(failure as Error).message} ${(failure as Error).stack}`).not.toContain(secret);
    expect(await prisma.webhookDelivery.count({ where: { webhookId: "db-fail-1" } })).toBe(0);
  });

  it("every recorded payload fixture matches its topic's schema (real shapes are not rejected)", async () => {
    // The lifecycle topics last: after app/uninstalled the data topics are (rightly) ignored.
    const lifecycle = ["app/uninstalled", "shop/redact"];
    for (const topic of [...TOPICS.filter((t) => !lifecycle.includes(t)), ...lifecycle]) {
      const request = webhookRequest(topic, victim.domain, bodyFor(topic, victim.domain), { webhookId: `ok-${topic}` });
      expect(await status(ROUTES[topic], request), topic).toBe(200);
      const delivery = await prisma.webhookDelivery.findFirst({ where: { webhookId: `ok-${topic}` } });
      expect(delivery?.outcome ?? "applied", topic).toBe("applied");
    }
  });
});

describe("fuzz", () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
  const leaf = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant("\u0000"),
    fc.constant("\uD800"),
  );
  const shaped = fc.record(
    {
      id: leaf,
      line_items: fc.oneof(leaf, fc.array(fc.record({ id: leaf, quantity: leaf, price: leaf }), { maxLength: 2 })),
      created_at: leaf,
      shop_domain: leaf,
      myshopify_domain: leaf,
      customer: fc.oneof(leaf, fc.record({ id: leaf, email: leaf })),
      current: fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })),
      app_subscription: fc.oneof(leaf, fc.record({ admin_graphql_api_id: leaf, name: leaf, status: leaf })),
    },
    { requiredKeys: [] },
  );
  const payloads = fc.oneof(fc.jsonValue({ maxDepth: 3 }), shaped, fc.constantFrom({}, [], null, "text", 0));
  const requests = { total: 0, byStatus: new Map<number, number>() };

  it("any signed payload on any topic: never a 5xx, and nothing but the delivery record is written", async () => {
    for (const topic of TOPICS) {
      await fc.assert(
        fc.asyncProperty(payloads, async (payload) => {
          const before = await snapshot([victim.id, attacker.id]);
          const request = webhookRequest(topic, attacker.domain, payload);
          const answer = await status(ROUTES[topic], request);
          requests.total++;
          requests.byStatus.set(answer, (requests.byStatus.get(answer) ?? 0) + 1);
          expect(answer, `${topic} ${JSON.stringify(payload)?.slice(0, 200)}`).toBeLessThan(500);
          const after = await snapshot([victim.id, attacker.id]);
          if (answer !== 200) expect(after).toEqual(before);
          // The victim, whose domain the requests never carry, is never touched.
          expect(after.shops.find((s) => s.id === victim.id)).toEqual(before.shops.find((s) => s.id === victim.id));
        }),
        { numRuns: RUNS },
      );
    }
    const statuses = [...requests.byStatus].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`);
    console.log(
      `webhook fuzz: ${requests.total} signed deliveries on ${process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite"}: ${statuses.join(", ")}`,
    );
  }, 180_000); // 21 topics × RUNS deliveries: on PostgreSQL on a loaded machine over a minute (62 s measured).
});
