// The demo's digital assets (issue 41): three collections through the same service a merchant's
// screen uses — a membership pass issued by rule to customers who reached Gold, a collectible
// issued by rule to buyers of the best-selling product, and a draft — plus a few issued by hand.
// No network is configured, so Blockchain Settings says "Not configured", as a new store's does.
// A perk for the pass's holders is issued by the screen's own issuePerk (the demo has no Shopify, so
// the codes are kept locally) and a third of the holders use their code in an order, delivered as
// Shopify's orders/create webhook body through the store-sync effect: its hooks (the composition
// root's) count the code redeemed, as for a connected store.
import { prisma } from "~/db.server";
import { addDays, dayInZone, startOfDayInZone } from "~/lib/dates";

type Shop = { id: string; domain: string; currency: string; timezone: string };

export async function seedDigitalAssets(shop: Shop, now = new Date()) {
  const assets = await import("~/features/digital-assets/index.server");
  await prisma.assetCollection.deleteMany({ where: { shopId: shop.id } });
  const gold = await prisma.loyaltyTier.findFirst({ where: { shopId: shop.id, name: "Gold" } });
  const top = await prisma.orderLine.groupBy({
    by: ["productId"],
    where: { shopId: shop.id, productId: { not: null } },
    _sum: { quantity: true },
    orderBy: { _sum: { quantity: "desc" } },
    take: 1,
  });
  const product = top[0]?.productId
    ? await prisma.product.findFirst({ where: { id: top[0].productId, shopId: shop.id } })
    : null;
  const made = [];
  let perkRedeemed = 0;
  if (gold) {
    const pass = await assets.createCollection(shop.id, {
      name: "Gold Members Pass",
      description: "A membership pass for customers who reached Gold.",
      supply: 500,
      status: "active",
      ruleKind: "tier",
      ruleTierId: gold.id,
    });
    made.push(await assets.applyRule(shop.id, pass.id));
    if (product) perkRedeemed = await seedPerk(shop, pass.id, product.id, now);
  }
  if (product) {
    const tee = await assets.createCollection(shop.id, {
      name: `${product.title} Collector Card`,
      description: `A numbered collector card for buyers of ${product.title}.`,
      supply: 250,
      status: "active",
      ruleKind: "product",
      ruleProductId: product.id,
    });
    made.push(await assets.applyRule(shop.id, tee.id));
  }
  const launch = await assets.createCollection(shop.id, {
    name: "Launch Day Collectible",
    description: "Given by hand to the first customers at the launch event.",
    supply: 50,
    status: "active",
  });
  const first = await prisma.customer.findMany({
    where: { shopId: shop.id, email: { not: null }, deletedAt: null, redactedAt: null },
    orderBy: { createdAt: "asc" },
    take: 5,
    select: { email: true },
  });
  for (const c of first) await assets.issueByHand(shop.id, launch.id, c.email!);
  await assets.createCollection(shop.id, {
    name: "Spring Drop",
    description: "Next season's collectible, not issued yet.",
    supply: 100,
    status: "draft",
  });
  return {
    collections: made.length + 2,
    issued: made.reduce((s, r) => s + r.issued, 0) + first.length,
    perksRedeemed: perkRedeemed,
  };
}

/** 15 % off for the pass's holders, issued three weeks ago; every third holder has used it since. */
async function seedPerk(shop: Shop, collectionId: string, productId: string, now: Date) {
  const assets = await import("~/features/digital-assets/index.server");
  const sync = await import("~/features/store-sync/index.server");
  // The hooks an order webhook runs (loyalty, customer scores, perk redemptions) are the composition root's.
  await import("~/jobs.server");
  const issuedAt = startOfDayInZone(addDays(dayInZone(now, shop.timezone), -21), shop.timezone);
  const perk = await assets.createPerk(shop.id, {
    collectionId,
    title: "Gold pass: 15% off",
    kind: "percentage",
    percentOff: 0.15,
  });
  await assets.issuePerk(shop, perk.id, null, issuedAt);
  const codes = await prisma.perkCode.findMany({
    where: { shopId: shop.id, perkId: perk.id },
    orderBy: { code: "asc" },
    select: { code: true, customerId: true },
  });
  const emails = new Map(
    (
      await prisma.customer.findMany({
        where: { shopId: shop.id, id: { in: codes.map((c) => c.customerId) } },
        select: { id: true, email: true },
      })
    ).map((c) => [c.id, c.email]),
  );
  const variant = await prisma.variant.findFirst({
    where: { shopId: shop.id, productId },
    orderBy: { priceMinor: "desc" },
    select: { title: true, sku: true, priceMinor: true, product: { select: { title: true } } },
  });
  if (!variant) return 0;
  const digits = 2; // The demo store sells in USD.
  const money = (minor: number) => (minor / 10 ** digits).toFixed(digits);
  let orders = 0;
  for (const [i, { code, customerId }] of codes.entries()) {
    if (i % 3 !== 0) continue;
    const at = new Date(
      Math.min(issuedAt.getTime() + (1 + (i % 19)) * 86_400_000 + (i % 9) * 3_600_000, now.getTime()),
    );
    const discount = Math.round(variant.priceMinor * 0.15);
    const id = 9_400_000_000 + i;
    // The fields Shopify's orders/create body carries that the app reads. No `customer`: the
    // demo's customers have bare numeric ids, not Shopify's, so the effect would make a
    // placeholder customer; the code alone is what redemption counts.
    const payload = sync.orderWebhookSchema.parse({
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#H${1001 + orders}`,
      email: emails.get(customerId) ?? null,
      created_at: at.toISOString(),
      processed_at: at.toISOString(),
      updated_at: at.toISOString(),
      currency: shop.currency,
      financial_status: "paid",
      source_name: "web",
      payment_gateway_names: ["shopify_payments"],
      total_discounts: money(discount),
      discount_codes: [{ code, amount: money(discount), type: "percentage" }],
      total_tax: "0.00",
      shipping_lines: [],
      line_items: [
        {
          id: id * 10,
          title: variant.product.title,
          name: `${variant.product.title} - ${variant.title}`,
          sku: variant.sku,
          quantity: 1,
          price: money(variant.priceMinor),
          total_discount: money(discount),
        },
      ],
    });
    await prisma.$transaction((tx) =>
      sync.orderEffect(tx, {
        shopDomain: shop.domain,
        shopId: shop.id,
        topic: "orders/create",
        webhookId: `demo-perk-order-${id}`,
        payload,
        receivedAt: at,
      }),
    );
    orders++;
  }
  return prisma.perkCode.count({ where: { shopId: shop.id, perkId: perk.id, redeemedAt: { not: null } } });
}
