// The demo's digital assets (issue 41): three collections through the same service a merchant's
// screen uses — a membership pass issued by rule to customers who reached Gold, a collectible
// issued by rule to buyers of the best-selling product, and a draft — plus a few issued by hand.
// No network is configured, so Blockchain Settings says "Not configured", as a new store's does.
import { prisma } from "~/db.server";

export async function seedDigitalAssets(shop: { id: string }) {
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
  return { collections: made.length + 2, issued: made.reduce((s, r) => s + r.issued, 0) + first.length };
}
