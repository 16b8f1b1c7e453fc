// The checkouts the abandoned-checkout trigger reads: written by the checkouts/create and
// checkouts/update webhooks, by the store import (its `abandonedCheckouts` read, subscribed in
// app/jobs.server.ts) and by the demo, all through the same recordCheckout. A checkout is
// abandoned while Shopify has not reported it completed; its last update is the abandonment's
// instant the flow's delay counts from (docs/decisions/103-engagement-triggers.md).
import { lockShopRow, type DbClient as Db, type Prisma } from "~/db.server";
import { decimalStringToMinor } from "~/lib/money";
import type { WebhookContext } from "~/platform/webhooks.server";
import type { CheckoutWebhook } from "./checkout-schema";
import type { ImportedCheckout } from "~/features/store-sync/index.server";

/** A checkout from a webhook or from the import: one shape, the import's (store-sync). */
export type CheckoutRecord = ImportedCheckout;

/** Only an https address is kept as a recovery link; anything else is dropped, never rendered. */
export function safeRecoveryUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function checkoutFromRest(payload: CheckoutWebhook, shopCurrency: string): CheckoutRecord {
  const currency = payload.currency ?? shopCurrency;
  const total = payload.total_price === null || payload.total_price === undefined ? "0" : String(payload.total_price);
  return {
    shopifyId: `gid://shopify/AbandonedCheckout/${payload.id}`,
    customerShopifyId: payload.customer ? `gid://shopify/Customer/${payload.customer.id}` : null,
    recoveryUrl: safeRecoveryUrl(payload.abandoned_checkout_url),
    totalMinor: decimalStringToMinor(total, currency) ?? 0,
    currency,
    abandonedAt: new Date(payload.updated_at),
    completedAt: payload.completed_at ? new Date(payload.completed_at) : null,
  };
}

/**
 * Inserts or updates the shop's checkout. An older update never overwrites a newer one
 * (deliveries arrive out of order), and a completed checkout stays completed.
 */
export async function recordCheckout(db: Db, shopId: string, c: CheckoutRecord): Promise<void> {
  const customer = c.customerShopifyId
    ? await db.customer.findUnique({
        where: { shopId_shopifyId: { shopId, shopifyId: c.customerShopifyId } },
        select: { id: true },
      })
    : null;
  const existing = await db.abandonedCheckout.findUnique({
    where: { shopId_shopifyId: { shopId, shopifyId: c.shopifyId } },
    select: { abandonedAt: true, completedAt: true },
  });
  const data = {
    customerId: customer?.id ?? null,
    // The webhook's and the import's link alike: https only.
    recoveryUrl: safeRecoveryUrl(c.recoveryUrl),
    totalMinor: c.totalMinor,
    currency: c.currency,
    abandonedAt: c.abandonedAt,
    completedAt: existing?.completedAt ?? c.completedAt,
  };
  if (!existing) {
    await db.abandonedCheckout.create({ data: { shopId, shopifyId: c.shopifyId, ...data } });
    return;
  }
  if (existing.abandonedAt > c.abandonedAt) {
    // A late, older delivery: it may only tell us the checkout completed.
    if (c.completedAt && !existing.completedAt)
      await db.abandonedCheckout.update({
        where: { shopId_shopifyId: { shopId, shopifyId: c.shopifyId } },
        data: { completedAt: c.completedAt },
      });
    return;
  }
  await db.abandonedCheckout.update({ where: { shopId_shopifyId: { shopId, shopifyId: c.shopifyId } }, data });
}

/** checkouts/create and checkouts/update, run by receiveWebhook in the delivery's transaction. */
export async function checkoutEffect(tx: Prisma.TransactionClient, ctx: WebhookContext<CheckoutWebhook>) {
  if (!ctx.shopId) return;
  await lockShopRow(tx, ctx.shopId);
  const shop = await tx.shop.findUnique({
    where: { id: ctx.shopId },
    select: { id: true, currency: true, uninstalledAt: true },
  });
  if (!shop || shop.uninstalledAt) return;
  await recordCheckout(tx, shop.id, checkoutFromRest(ctx.payload, shop.currency));
}
