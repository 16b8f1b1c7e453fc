// Re-evaluates the variants a store-data webhook touched, inside the delivery's transaction
// (so a replayed delivery, which runs no effect, opens no second alert).
import type { Prisma } from "~/db.server";
import { gid } from "~/features/store-sync/index.server";
import type { WebhookContext } from "~/platform/webhooks.server";
import { reevaluateVariants } from "./recompute.server";

type Tx = Prisma.TransactionClient;
type Effect = (tx: Tx, ctx: WebhookContext) => Promise<void>;

async function shopOf(tx: Tx, ctx: WebhookContext) {
  if (!ctx.shopId) return null;
  const shop = await tx.shop.findUnique({
    where: { id: ctx.shopId },
    select: { id: true, timezone: true, uninstalledAt: true },
  });
  return shop && !shop.uninstalledAt ? shop : null;
}

/** Runs the store-sync effect, then re-evaluates the variants it touched. */
export function thenReevaluate(
  effect: Effect,
  variantsOf: (tx: Tx, shopId: string, ctx: WebhookContext) => Promise<string[]>,
): Effect {
  return async (tx, ctx) => {
    await effect(tx, ctx);
    const shop = await shopOf(tx, ctx);
    if (!shop) return;
    const ids = await variantsOf(tx, shop.id, ctx);
    if (ids.length) await reevaluateVariants(tx, shop, ids, ctx.receivedAt);
  };
}

/** inventory_levels/update and inventory_items/update: the item's variant. */
export async function variantsOfInventoryItem(tx: Tx, shopId: string, ctx: WebhookContext): Promise<string[]> {
  const p = ctx.payload as { inventory_item_id?: unknown; id?: unknown; admin_graphql_api_id?: unknown };
  const item = gid("InventoryItem", p.inventory_item_id ?? p.admin_graphql_api_id ?? p.id);
  if (!item) return [];
  const rows = await tx.variant.findMany({ where: { shopId, inventoryItemId: item }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** orders/*: the order's variants (their sales changed). */
export async function variantsOfOrder(tx: Tx, shopId: string, ctx: WebhookContext): Promise<string[]> {
  const order = gid("Order", (ctx.payload as { id?: unknown }).id);
  if (!order) return [];
  const lines = await tx.orderLine.findMany({
    where: { shopId, order: { shopifyId: order } },
    select: { variantId: true },
  });
  return lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
}
