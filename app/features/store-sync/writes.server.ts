// Writes Shopify's orders, products, inventory and customers into the shop's
// tables: one record at a time for webhooks (with rollup deltas, out-of-order
// safe), and in batches for the bulk import (rollups rebuilt once at the end).
// Every function takes the shop first and filters by it.
import type { DbClient } from "~/db.server";
import { linesCost } from "~/lib/lines-cost";
import { dayInZone } from "~/lib/dates";
import type {
  SyncCustomer,
  SyncInventoryLevel,
  SyncOrder,
  SyncOrderLine,
  SyncProduct,
  SyncRefund,
} from "~/features/store-sync/normalize";
import {
  applyOrderChange,
  joinGateways,
  loadOrderState,
  resolveFee,
  resolveShipping,
  rulesByGateway,
  shippingRuleSetOf,
  type FeeResult,
  type FeeRule,
  type ShippingResult,
  type ShippingRuleSet,
} from "~/features/profit/index.server";
import { inSlices } from "~/lib/chunks";
import { bulkId } from "~/platform/bulk-rows.server";
import { CUSTOMER_PERSONAL_DATA_CLEARED } from "~/features/privacy";

export type SyncShop = { id: string; currency: string; timezone: string };
export type WriteResult = "created" | "updated" | "stale" | "ignored";

/** Newer wins: a delivery older than what is stored changes nothing. */
export const isStale = (stored: Date | null | undefined, incoming: Date | null | undefined) =>
  !!stored && !!incoming && stored.getTime() > incoming.getTime();

// ── customers ────────────────────────────────────────────────────────────────

export async function upsertCustomer(db: DbClient, shop: SyncShop, c: SyncCustomer): Promise<WriteResult> {
  const existing = await db.customer.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: c.shopifyId } },
    select: { id: true, shopifyUpdatedAt: true, deletedAt: true, redactedAt: true },
  });
  if (existing?.deletedAt) return "ignored";
  if (existing && isStale(existing.shopifyUpdatedAt, c.updatedAt)) return "stale";
  const { shopifyId, updatedAt, ...fields } = c;
  // A redacted customer's personal data is never written back.
  const data = existing?.redactedAt ? { country: fields.country, ...CUSTOMER_PERSONAL_DATA_CLEARED } : fields;
  if (existing) {
    await db.customer.update({ where: { id: existing.id }, data: { ...data, shopifyUpdatedAt: updatedAt } });
    return "updated";
  }
  await db.customer.create({ data: { shopId: shop.id, shopifyId, ...data, shopifyUpdatedAt: updatedAt } });
  return "created";
}

/** customers/delete: the row stays for its orders, without personal data. */
export async function deleteCustomer(db: DbClient, shop: SyncShop, shopifyId: string, at: Date): Promise<WriteResult> {
  const { count } = await db.customer.updateMany({
    where: { shopId: shop.id, shopifyId, deletedAt: null },
    data: { ...CUSTOMER_PERSONAL_DATA_CLEARED, country: null, deletedAt: at },
  });
  if (count) await db.order.updateMany({ where: { shopId: shop.id, customer: { shopifyId } }, data: { email: null } });
  return count ? "updated" : "ignored";
}

// ── products, variants, inventory ────────────────────────────────────────────

/** Re-sums a variant's stock from its per-location levels. */
async function refreshInventory(db: DbClient, shopId: string, inventoryItemIds: string[]) {
  if (!inventoryItemIds.length) return;
  const variants = await inSlices(inventoryItemIds, (ids) =>
    db.variant.findMany({
      where: { shopId, inventoryItemId: { in: ids } },
      select: { id: true, inventoryItemId: true },
    }),
  );
  const sums = await inSlices(inventoryItemIds, (ids) =>
    db.inventoryLocationLevel.groupBy({
      by: ["inventoryItemId"],
      where: { shopId, inventoryItemId: { in: ids } },
      _sum: { available: true },
    }),
  );
  const byItem = new Map(sums.map((s) => [s.inventoryItemId, s._sum.available ?? 0]));
  for (const v of variants) {
    if (!v.inventoryItemId || !byItem.has(v.inventoryItemId)) continue;
    const available = byItem.get(v.inventoryItemId)!;
    await db.inventoryLevel.upsert({
      where: { variantId: v.id },
      create: { shopId, variantId: v.id, available },
      update: { available },
    });
  }
}

export async function upsertProduct(
  db: DbClient,
  shop: SyncShop,
  p: SyncProduct,
  options: { removeMissingVariants?: boolean } = {},
): Promise<WriteResult> {
  const existing = await db.product.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: p.shopifyId } },
    select: { id: true, shopifyUpdatedAt: true, deletedAt: true },
  });
  if (existing?.deletedAt) return "ignored";
  if (existing && isStale(existing.shopifyUpdatedAt, p.updatedAt)) return "stale";
  const fields = { title: p.title, category: p.category, imageUrl: p.imageUrl, shopifyUpdatedAt: p.updatedAt };
  const product = existing
    ? await db.product.update({ where: { id: existing.id }, data: fields, select: { id: true } })
    : await db.product.create({ data: { shopId: shop.id, shopifyId: p.shopifyId, ...fields }, select: { id: true } });

  for (const v of p.variants) {
    const cost = v.unitCostMinor === undefined ? {} : { unitCostMinor: v.unitCostMinor, costUpdatedAt: p.updatedAt };
    const data = {
      productId: product.id,
      title: v.title,
      sku: v.sku,
      priceMinor: v.priceMinor,
      inventoryItemId: v.inventoryItemId,
    };
    await db.variant.upsert({
      where: { shopId_shopifyId: { shopId: shop.id, shopifyId: v.shopifyId } },
      create: { shopId: shop.id, shopifyId: v.shopifyId, ...data, unitCostMinor: v.unitCostMinor ?? null, ...cost },
      update: { ...data, ...cost },
    });
  }
  if (existing && options.removeMissingVariants !== false) {
    await db.variant.deleteMany({
      where: { shopId: shop.id, productId: product.id, shopifyId: { notIn: p.variants.map((v) => v.shopifyId) } },
    });
  }
  await refreshInventory(
    db,
    shop.id,
    p.variants.map((v) => v.inventoryItemId).filter((id): id is string => !!id),
  );
  return existing ? "updated" : "created";
}

/** products/delete: kept (soft-deleted) so past sales still name it. */
export async function deleteProduct(db: DbClient, shop: SyncShop, shopifyId: string, at: Date): Promise<WriteResult> {
  const { count } = await db.product.updateMany({
    where: { shopId: shop.id, shopifyId, deletedAt: null },
    data: { deletedAt: at },
  });
  return count ? "updated" : "ignored";
}

export async function applyInventoryLevel(
  db: DbClient,
  shop: SyncShop,
  level: SyncInventoryLevel,
): Promise<WriteResult> {
  const key = { shopId: shop.id, inventoryItemId: level.inventoryItemId, locationId: level.locationId };
  const existing = await db.inventoryLocationLevel.findUnique({
    where: { shopId_inventoryItemId_locationId: key },
    select: { id: true, shopifyUpdatedAt: true },
  });
  if (existing && isStale(existing.shopifyUpdatedAt, level.updatedAt)) return "stale";
  await db.inventoryLocationLevel.upsert({
    where: { shopId_inventoryItemId_locationId: key },
    create: { ...key, available: level.available, shopifyUpdatedAt: level.updatedAt },
    update: { available: level.available, shopifyUpdatedAt: level.updatedAt },
  });
  await refreshInventory(db, shop.id, [level.inventoryItemId]);
  return existing ? "updated" : "created";
}

/**
 * inventory_items/update: the variant's current unit cost. Lines already sold keep
 * the cost they were sold at (docs/decisions/030-cost-at-time-of-sale.md).
 */
export async function applyInventoryItemCost(
  db: DbClient,
  shop: SyncShop,
  item: { inventoryItemId: string; unitCostMinor: number | null; updatedAt: Date },
): Promise<WriteResult> {
  const { count } = await db.variant.updateMany({
    where: {
      shopId: shop.id,
      inventoryItemId: item.inventoryItemId,
      OR: [{ costUpdatedAt: null }, { costUpdatedAt: { lte: item.updatedAt } }],
    },
    data: { unitCostMinor: item.unitCostMinor, costUpdatedAt: item.updatedAt },
  });
  return count ? "updated" : "stale";
}

// ── orders ───────────────────────────────────────────────────────────────────

type VariantRef = { id: string; productId: string; unitCostMinor: number | null };

/** Maps the Shopify ids an order batch refers to onto the shop's rows (creating customers it has not seen yet). */
async function resolveRefs(db: DbClient, shopId: string, orders: SyncOrder[], lines: SyncOrderLine[]) {
  const customerIds = [...new Set(orders.map((o) => o.customerShopifyId).filter((id): id is string => !!id))];
  const variantIds = [...new Set(lines.map((l) => l.variantShopifyId).filter((id): id is string => !!id))];
  const productIds = [...new Set(lines.map((l) => l.productShopifyId).filter((id): id is string => !!id))];
  const customers = await inSlices(customerIds, (ids) =>
    db.customer.findMany({ where: { shopId, shopifyId: { in: ids } }, select: { id: true, shopifyId: true } }),
  );
  const variants = await inSlices(variantIds, (ids) =>
    db.variant.findMany({
      where: { shopId, shopifyId: { in: ids } },
      select: { id: true, shopifyId: true, productId: true, unitCostMinor: true },
    }),
  );
  const products = await inSlices(productIds, (ids) =>
    db.product.findMany({ where: { shopId, shopifyId: { in: ids } }, select: { id: true, shopifyId: true } }),
  );
  const customer = new Map(customers.map((c) => [c.shopifyId!, c.id]));
  const missing = customerIds.filter((id) => !customer.has(id));
  if (missing.length) {
    // A customer the import has not reached yet: a placeholder its own sync fills in.
    const rows = missing.map((shopifyId) => ({ id: bulkId(), shopId, shopifyId }));
    await db.customer.createMany({ data: rows });
    for (const r of rows) customer.set(r.shopifyId, r.id);
  }
  return {
    customer,
    variant: new Map<string, VariantRef>(
      variants.map((v) => [v.shopifyId!, { id: v.id, productId: v.productId, unitCostMinor: v.unitCostMinor }]),
    ),
    product: new Map(products.map((p) => [p.shopifyId!, p.id])),
  };
}

export type Refs = Awaited<ReturnType<typeof resolveRefs>>;

export function lineRow(
  shopId: string,
  orderId: string,
  day: string,
  l: SyncOrderLine,
  refs: Refs,
  snapshot: Map<string, number | null>,
) {
  const variant = l.variantShopifyId ? refs.variant.get(l.variantShopifyId) : undefined;
  // The cost at the time of sale: the one recorded when the line was first seen.
  const unitCostMinor = snapshot.has(l.shopifyId) ? snapshot.get(l.shopifyId)! : (variant?.unitCostMinor ?? null);
  return {
    id: bulkId(),
    shopId,
    orderId,
    shopifyId: l.shopifyId,
    day,
    productId: variant?.productId ?? (l.productShopifyId ? (refs.product.get(l.productShopifyId) ?? null) : null),
    variantId: variant?.id ?? null,
    title: l.title,
    sku: l.sku,
    quantity: l.quantity,
    unitPriceMinor: l.unitPriceMinor,
    discountMinor: l.discountMinor,
    unitCostMinor,
  };
}

export function orderFields(shop: SyncShop, o: SyncOrder, customerId: string | null) {
  return {
    name: o.name,
    customerId,
    email: o.email,
    processedAt: o.processedAt,
    day: dayInZone(o.processedAt, shop.timezone),
    currency: shop.currency,
    presentmentCurrency: o.presentmentCurrency,
    discountsMinor: o.discountsMinor,
    shippingMinor: o.shippingMinor,
    taxesMinor: o.taxesMinor,
    channel: o.channel,
    source: o.source,
    adChannel: o.adChannel,
    country: o.country,
    region: o.region,
    financialStatus: o.financialStatus,
    cancelledAt: o.cancelledAt,
    shopifyUpdatedAt: o.updatedAt,
    totalWeightGrams: o.weightGrams,
    shippingCountryCode: o.shippingCountryCode,
  };
}

/** The shop's shipping rules, indexed (docs/decisions/092). */
export const shippingRulesOf = (db: DbClient, shopId: string) => shippingRuleSetOf(db, shopId);

/**
 * The order's label cost and its source: an imported label already stored is kept (Shopify's
 * payloads carry no label cost); otherwise the shop's rules estimate it, or it is unknown.
 */
export function orderShippingFields(
  o: SyncOrder,
  rules: ShippingRuleSet,
  stored?: { shippingCostMinor: number | null; shippingCostSource: string | null } | null,
): ShippingResult {
  let units = 0;
  for (const l of o.lines) units += l.quantity;
  return resolveShipping({ countryCode: o.shippingCountryCode, weightGrams: o.weightGrams, units }, rules, stored);
}

/** The shop's payment fee rules by gateway (docs/decisions/088). */
export async function feeRulesOf(db: DbClient, shopId: string) {
  const rules: FeeRule[] = await db.paymentFeeRule.findMany({
    where: { shopId },
    select: { gateway: true, rateBps: true, fixedMinor: true },
  });
  return rulesByGateway(rules);
}

/**
 * The order's fee and its source. A payload without transactions (an order webhook) keeps the
 * Shopify Payments fee already stored; otherwise Shopify's fee, the gateway's rule, or unknown.
 */
export function orderFeeFields(
  o: SyncOrder,
  totalMinor: number,
  rules: ReadonlyMap<string, FeeRule>,
  stored?: { paymentFeesMinor: number | null; paymentFeeSource: string | null } | null,
): FeeResult & { gateways: string | null } {
  const gateways = joinGateways(o.gateways);
  if (o.actualFeeMinor === undefined && stored?.paymentFeeSource === "shopify_payments")
    return { gateways, paymentFeesMinor: stored.paymentFeesMinor, paymentFeeSource: "shopify_payments" };
  return {
    gateways,
    ...resolveFee({ gateways: o.gateways, actualFeeMinor: o.actualFeeMinor ?? null, totalMinor }, rules),
  };
}

export const refundRow = (shop: SyncShop, orderId: string, r: SyncRefund) => ({
  id: bulkId(),
  shopId: shop.id,
  orderId,
  shopifyId: r.shopifyId,
  processedAt: r.processedAt,
  day: dayInZone(r.processedAt, shop.timezone),
  amountMinor: r.amountMinor,
  lines: r.lines ? JSON.stringify(r.lines) : null,
});

/**
 * orders/create, orders/updated, orders/cancelled: writes the order as Shopify now
 * has it and moves the rollups from its previous state to this one. A delivery
 * older than the stored order changes nothing. Refunds are only ever added (Shopify
 * never deletes one). Run it inside the webhook's transaction.
 */
export async function upsertOrder(db: DbClient, shop: SyncShop, o: SyncOrder): Promise<WriteResult> {
  const existing = await db.order.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: o.shopifyId } },
    select: {
      id: true,
      shopifyUpdatedAt: true,
      source: true,
      adChannel: true,
      paymentFeesMinor: true,
      paymentFeeSource: true,
      shippingCostMinor: true,
      shippingCostSource: true,
    },
  });
  if (existing && isStale(existing.shopifyUpdatedAt, o.updatedAt)) return "stale";
  const before = existing ? await loadOrderState(db, shop.id, existing.id) : null;
  const refs = await resolveRefs(db, shop.id, [o], o.lines);
  const fields = orderFields(shop, o, o.customerShopifyId ? (refs.customer.get(o.customerShopifyId) ?? null) : null);
  const gross = o.lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor, 0);
  const totals = { grossSalesMinor: gross, totalMinor: gross - o.discountsMinor + o.shippingMinor + o.taxesMinor };
  const fee = orderFeeFields(o, totals.totalMinor, await feeRulesOf(db, shop.id), existing);
  const shipping = orderShippingFields(o, await shippingRulesOf(db, shop.id), existing);

  let orderId: string;
  const snapshot = new Map<string, number | null>();
  if (existing) {
    orderId = existing.id;
    const old = await db.orderLine.findMany({
      where: { shopId: shop.id, orderId },
      select: { shopifyId: true, unitCostMinor: true },
    });
    for (const l of old) if (l.shopifyId) snapshot.set(l.shopifyId, l.unitCostMinor);
    // Attribution does not change after the sale; the import's (Shopify's own, from the
    // customer's journey) is kept over what a webhook's referring site suggests.
    await db.order.update({
      where: { id: orderId },
      data: {
        ...fields,
        // The source and its ad channel are one attribution: kept or replaced together.
        ...(existing.source ? { source: existing.source, adChannel: existing.adChannel } : {}),
        ...totals,
        ...fee,
        ...shipping,
      },
    });
    await db.orderLine.deleteMany({ where: { shopId: shop.id, orderId } });
  } else {
    orderId = (
      await db.order.create({
        data: { shopId: shop.id, shopifyId: o.shopifyId, ...fields, ...totals, ...fee, ...shipping },
        select: { id: true },
      })
    ).id;
  }
  const lines = o.lines.map((l) => lineRow(shop.id, orderId, fields.day, l, refs, snapshot));
  if (lines.length) await db.orderLine.createMany({ data: lines });

  const known = new Set(
    (await db.refund.findMany({ where: { shopId: shop.id, orderId }, select: { shopifyId: true } })).map(
      (r) => r.shopifyId,
    ),
  );
  const added = o.refunds.filter((r) => !known.has(r.shopifyId));
  if (added.length) await db.refund.createMany({ data: added.map((r) => refundRow(shop, orderId, r)) });
  const refunded = await db.refund.aggregate({ where: { shopId: shop.id, orderId }, _sum: { amountMinor: true } });
  await db.order.update({
    where: { id: orderId },
    data: { refundsMinor: refunded._sum.amountMinor ?? 0, ...linesCost(lines) },
  });

  await applyOrderChange(db, shop.id, before, await loadOrderState(db, shop.id, orderId));
  return existing ? "updated" : "created";
}

/**
 * refunds/create: the refund on its own day. When the order is not stored yet the
 * refund arrives with that order's next orders/updated delivery instead.
 */
export async function addRefund(
  db: DbClient,
  shop: SyncShop,
  r: SyncRefund & { orderShopifyId: string },
): Promise<WriteResult> {
  const order = await db.order.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: r.orderShopifyId } },
    select: { id: true },
  });
  if (!order) return "ignored";
  const known = await db.refund.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: r.shopifyId } },
    select: { id: true },
  });
  if (known) return "stale";
  const before = await loadOrderState(db, shop.id, order.id);
  await db.refund.create({ data: refundRow(shop, order.id, r) });
  await db.order.update({ where: { id: order.id }, data: { refundsMinor: { increment: r.amountMinor } } });
  await applyOrderChange(db, shop.id, before, await loadOrderState(db, shop.id, order.id));
  return "created";
}
