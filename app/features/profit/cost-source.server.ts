// The source of truth for product costs (docs/decisions/091-cost-source-of-truth.md): this app
// (its costs may be pushed to Shopify's cost per item) or Shopify (read from it; the app's own
// cost edits are refused with the reason).
import { prisma, type DbClient } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { CostsRefused } from "~/features/profit/refused";
import { lastImport } from "~/features/profit/ad-spend.server";
import type { CostSource } from "~/features/profit/shopify-costs";

export async function getCostSource(shopId: string, db: DbClient = prisma): Promise<CostSource> {
  const row = await db.shopSettings.findUnique({ where: { shopId }, select: { costSource: true } });
  return row?.costSource === "shopify" ? "shopify" : "app";
}

/** Refuses (409) a change to the app's product costs while Shopify is their source of truth. */
export async function assertAppOwnsCosts(db: DbClient, shopId: string) {
  if ((await getCostSource(shopId, db)) === "shopify")
    throw new CostsRefused(
      409,
      "Product costs come from Shopify's cost per item: change them in Shopify, or make this app the source of truth under Cost per item in Shopify.",
    );
}

export async function setCostSource(actor: Actor & { shop: { id: string } }, source: CostSource) {
  const shopId = actor.shop.id;
  await prisma.$transaction(async (tx) => {
    const before = await getCostSource(shopId, tx);
    await tx.shopSettings.upsert({
      where: { shopId },
      create: { shopId, costSource: source },
      update: { costSource: source },
    });
    if (before !== source)
      await recordAudit(
        actor,
        "costs.cost_source.update",
        "ShopSettings",
        shopId,
        { costSource: before },
        { costSource: source },
        tx,
      );
  });
}

/** What the "Cost per item in Shopify" card shows: the source of truth and the last import from Shopify. */
export async function shopifyCostsState(shop: { id: string; timezone: string }) {
  const [costSource, last] = await Promise.all([getCostSource(shop.id), lastImport(shop.id, "shopify_cost")]);
  return { timezone: shop.timezone, costSource, last };
}
