// What each store-data webhook does, run by receiveWebhook inside the transaction
// that records the delivery (so a replay changes nothing). Deliveries for a shop
// the app does not know (uninstalled, never installed) are acknowledged and ignored.
import { lockShopRow, type Prisma } from "~/db.server";
import {
  addRefund,
  applyInventoryItemCost,
  applyInventoryLevel,
  deleteCustomer,
  deleteProduct,
  upsertCustomer,
  upsertOrder,
  upsertProduct,
  type SyncShop,
} from "~/features/store-sync/writes.server";

import type { WebhookContext } from "~/platform/webhooks.server";
import { SHOPIFY_PAYMENTS } from "~/features/profit/index.server";
import { markFeeRead } from "~/features/store-sync/fee-reads.server";
import {
  collectionFromRest,
  deleteCollection,
  upsertCollection,
  type RestCollection,
} from "~/features/store-sync/collections.server";
import type {
  RestCustomer,
  RestInventoryItem,
  RestInventoryLevel,
  RestOrder,
  RestProduct,
  RestRefund,
} from "~/features/store-sync/admin-types";
import {
  customerFromRest,
  gid,
  inventoryItemFromRest,
  inventoryLevelFromRest,
  orderFromRest,
  productFromRest,
  refundFromRest,
} from "~/features/store-sync/normalize";

type Tx = Prisma.TransactionClient;
type Effect = (tx: Tx, ctx: WebhookContext) => Promise<void>;

/**
 * Runs after an order, refund or customer delivery changed a customer's data, in the same
 * transaction, with that customer's local id (customer scores subscribe from the composition root).
 */
export type CustomerChangedHook = (tx: Tx, shop: SyncShop, customerId: string) => Promise<void>;
const customerHooks: CustomerChangedHook[] = [];
export function onCustomerChanged(hook: CustomerChangedHook): void {
  if (!customerHooks.includes(hook)) customerHooks.push(hook);
}

async function customerChanged(tx: Tx, shop: SyncShop, customerId: string | null | undefined) {
  if (customerId) for (const hook of customerHooks) await hook(tx, shop, customerId);
}

/**
 * Runs after an order or refund delivery was stored, in the same transaction, with the order's
 * Shopify id and the discount codes the delivery lists (loyalty subscribes from the composition root).
 */
export type OrderChangedHook = (
  tx: Tx,
  shop: SyncShop,
  orderShopifyId: string,
  discountCodes: string[],
) => Promise<void>;
const orderHooks: OrderChangedHook[] = [];
export function onOrderChanged(hook: OrderChangedHook): void {
  if (!orderHooks.includes(hook)) orderHooks.push(hook);
}

async function orderChanged(tx: Tx, shop: SyncShop, orderShopifyId: string, discountCodes: string[] = []) {
  for (const hook of orderHooks) await hook(tx, shop, orderShopifyId, discountCodes);
}

const customerOfOrder = async (tx: Tx, shopId: string, shopifyId: string) =>
  (await tx.order.findUnique({ where: { shopId_shopifyId: { shopId, shopifyId } }, select: { customerId: true } }))
    ?.customerId;

function withShop(run: (tx: Tx, shop: SyncShop, ctx: WebhookContext) => Promise<unknown>): Effect {
  return async (tx, ctx) => {
    if (!ctx.shopId) return;
    // Serializes this shop's store-data deliveries (orders/create and orders/updated
    // often arrive together) and the customer recompute: held until the transaction ends.
    await lockShopRow(tx, ctx.shopId);
    const shop = await tx.shop.findUnique({
      where: { id: ctx.shopId },
      select: { id: true, currency: true, timezone: true, uninstalledAt: true },
    });
    if (!shop || shop.uninstalledAt) return;
    await run(tx, shop, ctx);
  };
}

/** orders/create, orders/updated, orders/cancelled */
export const orderEffect = withShop(async (tx, shop, { payload }) => {
  const order = orderFromRest(payload as RestOrder, shop.currency);
  const before = await customerOfOrder(tx, shop.id, order.shopifyId);
  await upsertOrder(tx, shop, order);
  const after = await customerOfOrder(tx, shop.id, order.shopifyId);
  // An order moved to another customer changes both.
  if (before && before !== after) await customerChanged(tx, shop, before);
  await customerChanged(tx, shop, after);
  const codes = ((payload as RestOrder).discount_codes ?? []).map((d) => d.code).filter((c): c is string => !!c);
  await orderChanged(tx, shop, order.shopifyId, codes);
});

/**
 * order_transactions/create: a successful Shopify Payments charge marks its order for the fee
 * re-read (store-sync.fees job); other gateways' fees come from the rules with the order's deliveries.
 */
export const transactionEffect = withShop(async (tx, shop, { payload }) => {
  const t = payload as { order_id: number | string; kind: string; status: string; gateway?: string | null };
  const charge = t.kind === "sale" || t.kind === "capture";
  if (t.gateway !== SHOPIFY_PAYMENTS || t.status !== "success" || !charge) return;
  const orderShopifyId = gid("Order", t.order_id);
  if (orderShopifyId) await markFeeRead(tx, shop, orderShopifyId);
});

/** refunds/create */
export const refundEffect = withShop(async (tx, shop, { payload }) => {
  const refund = refundFromRest(payload as RestRefund, shop.currency);
  await addRefund(tx, shop, refund);
  await customerChanged(tx, shop, await customerOfOrder(tx, shop.id, refund.orderShopifyId));
  await orderChanged(tx, shop, refund.orderShopifyId);
});

/** products/create, products/update */
export const productEffect = withShop((tx, shop, { payload }) =>
  upsertProduct(tx, shop, productFromRest(payload as RestProduct, shop.currency)),
);

/** products/delete */
export const productDeleteEffect = withShop(async (tx, shop, { payload, receivedAt }) => {
  const id = gid("Product", (payload as { id?: number | string }).id);
  if (id) await deleteProduct(tx, shop, id, receivedAt);
});

/**
 * collections/create, collections/update: the collection as Shopify sends it, its products
 * marked to be re-read by the collections job (the body does not list them; decision 072).
 */
export const collectionEffect = withShop(async (tx, shop, { payload, receivedAt }) => {
  await upsertCollection(tx, shop, collectionFromRest(payload as RestCollection), { staleAt: receivedAt });
});

/** collections/delete */
export const collectionDeleteEffect = withShop(async (tx, shop, { payload }) => {
  const id = gid("Collection", (payload as { id?: number | string }).id);
  if (id) await deleteCollection(tx, shop, id);
});

/** inventory_levels/update */
export const inventoryLevelEffect = withShop((tx, shop, { payload }) =>
  applyInventoryLevel(tx, shop, inventoryLevelFromRest(payload as RestInventoryLevel)),
);

/** inventory_items/update: the unit cost from now on (past sales keep theirs). */
export const inventoryItemEffect = withShop((tx, shop, { payload }) =>
  applyInventoryItemCost(tx, shop, inventoryItemFromRest(payload as RestInventoryItem, shop.currency)),
);

/** customers/create, customers/update */
export const customerEffect = withShop(async (tx, shop, { payload }) => {
  const customer = customerFromRest(payload as RestCustomer);
  await upsertCustomer(tx, shop, customer);
  const row = await tx.customer.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: customer.shopifyId } },
    select: { id: true },
  });
  await customerChanged(tx, shop, row?.id);
});

/** customers/delete */
export const customerDeleteEffect = withShop(async (tx, shop, { payload, receivedAt }) => {
  const id = gid("Customer", (payload as { id?: number | string }).id);
  if (!id) return;
  await deleteCustomer(tx, shop, id, receivedAt);
  const row = await tx.customer.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: id } },
    select: { id: true },
  });
  await customerChanged(tx, shop, row?.id);
});
