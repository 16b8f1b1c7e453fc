// The demo store's Shopify connection as the app records it for a real store, so
// Settings → Integrations computes from rows like any shop's: the offline session with the
// granted scopes, and the webhook deliveries that keep the data in sync (recent orders,
// product and inventory updates, one delivery rejected by its topic's schema). No import
// run: the demo's data is seeded, as the Data tab says (Shop.isDemo).
import type { Prisma, PrismaClient } from "../generated/sqlite";
import { APP_TOML_SCOPES } from "~/features/settings/shopify-access";

type SeedShop = { id: string; domain: string };

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export async function seedIntegrations(db: PrismaClient, shop: SeedShop, now = new Date()) {
  // No Shopify store stands behind the demo: the token is a placeholder the demo never uses
  // (demo mode makes no Admin API call), and an empty one would read as "no access".
  // Sessions and rejected deliveries hang off the domain, not the shop row: a reseed clears them itself.
  await db.session.deleteMany({ where: { shop: shop.domain } });
  await db.webhookDelivery.deleteMany({ where: { shopDomain: shop.domain } });
  await db.session.create({
    data: {
      id: `offline_${shop.domain}`,
      shop: shop.domain,
      state: "",
      isOnline: false,
      scope: APP_TOML_SCOPES.join(","),
      accessToken: "demo-store-placeholder",
    },
  });
  const recent = await db.order.findMany({
    // The seed fills today to its end: only orders already placed can have been delivered.
    where: { shopId: shop.id, processedAt: { lte: now } },
    orderBy: { processedAt: "desc" },
    take: 6,
    select: { id: true, processedAt: true },
  });
  if (recent.length === 0) return { deliveries: 0 };
  const last = recent[0].processedAt.getTime();
  const deliveries: Prisma.WebhookDeliveryCreateManyInput[] = [];
  const add = (topic: string, at: number, outcome = "applied", reason: string | null = null) =>
    deliveries.push({
      shopId: shop.id,
      shopDomain: shop.domain,
      webhookId: `demo-${topic.replace("/", "-")}-${deliveries.length + 1}`,
      topic,
      receivedAt: new Date(Math.min(at, now.getTime())),
      outcome,
      reason,
    });
  for (const order of recent) add("orders/create", order.processedAt.getTime() + 3 * SECOND);
  add("orders/updated", (recent[1] ?? recent[0]).processedAt.getTime() + 40 * MINUTE);
  add("refunds/create", last - 26 * 60 * MINUTE);
  add("products/update", last - 5 * 60 * MINUTE);
  add("inventory_levels/update", last + 4 * SECOND);
  add("customers/update", last - 3 * 60 * MINUTE);
  // What the merchant sees when Shopify sends a payload the topic's schema refuses
  // (app/platform/webhooks.server.ts): recorded "rejected" with its reason, shopId as for any rejection.
  deliveries.push({
    shopId: null,
    shopDomain: shop.domain,
    webhookId: "demo-orders-updated-rejected",
    topic: "orders/updated",
    receivedAt: new Date(last - 2 * 24 * 60 * MINUTE),
    outcome: "rejected",
    reason: "payload does not match orders/updated: line_items.0.price",
  });
  await db.webhookDelivery.createMany({ data: deliveries });
  return { deliveries: deliveries.length };
}
