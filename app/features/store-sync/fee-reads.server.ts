// Shopify Payments' fee of an order after the import (docs/decisions/088): order_transactions/create
// carries no fees, so its delivery marks the order (PendingFeeRead, in the webhook's transaction)
// and the store-sync.fees job re-reads the order's transactions through the Admin API and writes
// the fee with its rollup deltas. Every function takes the shop and filters by it.
import { prisma, withShopWriteLock, type DbClient } from "~/db.server";
import { applyOrderChange, loadOrderState } from "~/features/profit/index.server";
import { adminOperation, type AdminGraphql, type RequestOptions } from "~/features/store-sync/admin-client.server";
import { shopifyPaymentsFeeMinor } from "~/features/store-sync/normalize";
import { ORDER_FEES_QUERY } from "~/features/store-sync/queries";
import type { StoreSyncOrderFeesQuery } from "~/graphql/admin.generated";
import type { SyncShop } from "~/features/store-sync/writes.server";
import { describeError } from "~/lib/log-safe";

/** Reads a fee gives up after (the order keeps its estimate or unknown until the next resync). */
const MAX_ATTEMPTS = 5;
/** Orders read per shop and run of the job. */
const PER_RUN = 250;

/** A Shopify Payments charge that succeeded: its order's fee is to be read. Idempotent. */
export async function markFeeRead(db: DbClient, shop: SyncShop, orderShopifyId: string) {
  await db.pendingFeeRead.upsert({
    where: { shopId_orderShopifyId: { shopId: shop.id, orderShopifyId } },
    create: { shopId: shop.id, orderShopifyId },
    update: { attempts: 0 },
  });
}

export type FeeReadResult = "updated" | "unchanged" | "ignored";

/** Re-reads one order's Shopify Payments fee and writes it, with the rollups moved by the difference. */
export async function readOrderFee(
  shop: SyncShop,
  graphql: AdminGraphql,
  orderShopifyId: string,
  request?: RequestOptions,
): Promise<FeeReadResult> {
  const data: StoreSyncOrderFeesQuery = await adminOperation(
    graphql,
    ORDER_FEES_QUERY,
    { id: orderShopifyId },
    request,
  );
  if (!data.order) return "ignored";
  const actual = shopifyPaymentsFeeMinor(data.order.transactions, shop.currency);
  // No Shopify Payments charge with fees in the shop's currency: the order keeps its rule's estimate.
  if (actual === null) return "unchanged";
  return withShopWriteLock(shop.id, async (tx) => {
    const order = await tx.order.findUnique({
      where: { shopId_shopifyId: { shopId: shop.id, shopifyId: orderShopifyId } },
      select: { id: true, paymentFeesMinor: true, paymentFeeSource: true },
    });
    if (!order) return "ignored";
    if (order.paymentFeeSource === "shopify_payments" && order.paymentFeesMinor === actual) return "unchanged";
    const before = await loadOrderState(tx, shop.id, order.id);
    await tx.order.update({
      where: { id: order.id },
      data: { paymentFeesMinor: actual, paymentFeeSource: "shopify_payments" },
    });
    await applyOrderChange(tx, shop.id, before, await loadOrderState(tx, shop.id, order.id));
    return "updated";
  });
}

/** Shops with orders whose fee is to be read. */
export async function shopsWithFeeReads(): Promise<string[]> {
  const rows = await prisma.pendingFeeRead.groupBy({ by: ["shopId"] });
  return rows.map((r) => r.shopId);
}

/**
 * Reads the marked orders of a shop: a read that succeeds (or finds nothing to read) clears its
 * mark; one that fails is tried again next run, up to MAX_ATTEMPTS.
 */
export async function readShopFees(shop: SyncShop, graphql: AdminGraphql, request?: RequestOptions) {
  const pending = await prisma.pendingFeeRead.findMany({
    where: { shopId: shop.id },
    orderBy: { createdAt: "asc" },
    take: PER_RUN,
    select: { id: true, orderShopifyId: true, attempts: true },
  });
  const counts = { updated: 0, unchanged: 0, ignored: 0, failed: 0 };
  for (const p of pending) {
    try {
      counts[await readOrderFee(shop, graphql, p.orderShopifyId, request)]++;
      await prisma.pendingFeeRead.deleteMany({ where: { id: p.id, shopId: shop.id } });
    } catch (error) {
      counts.failed++;
      console.error(`[store-sync] fee read failed for an order: ${describeError(error)}`);
      if (p.attempts + 1 >= MAX_ATTEMPTS)
        await prisma.pendingFeeRead.deleteMany({ where: { id: p.id, shopId: shop.id } });
      else
        await prisma.pendingFeeRead.updateMany({
          where: { id: p.id, shopId: shop.id },
          data: { attempts: { increment: 1 } },
        });
    }
  }
  return counts;
}
