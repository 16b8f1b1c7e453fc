// The bulk import's order batches: orders, lines and refunds written many at a time, with no
// rollups (the import rebuilds them at the end). The import's hot path.
import { asDate, insertRows, sql, sqlOn, type DbClient } from "~/db.server";
import { chunks, inSlices } from "~/lib/chunks";
import type { SyncOrder, SyncOrderLine } from "~/features/store-sync/normalize";
import { bulkId, type BulkValue } from "~/platform/bulk-rows.server";
import {
  feeRulesOf,
  isStale,
  lineRow,
  orderFeeFields,
  orderFields,
  orderShippingFields,
  refundRow,
  shippingRulesOf,
  type Refs,
  type SyncShop,
} from "./writes.server";

export type OrderBatch = {
  orders: SyncOrder[];
  /** Line items whose order was written by an earlier batch of the same file. */
  lateLines: { orderShopifyId: string; line: SyncOrderLine }[];
};

const ORDER_COLUMNS = [
  "id",
  "shopId",
  "shopifyId",
  "name",
  "customerId",
  "email",
  "processedAt",
  "day",
  "currency",
  "presentmentCurrency",
  "grossSalesMinor",
  "discountsMinor",
  "shippingMinor",
  "taxesMinor",
  "refundsMinor",
  "totalMinor",
  "channel",
  "source",
  "adChannel",
  "country",
  "region",
  "financialStatus",
  "cancelledAt",
  "shopifyUpdatedAt",
  "createdAt",
  "linesCostMinor",
  "linesUncostedUnits",
  "paymentFeesMinor",
  "paymentFeeSource",
  "gateways",
  "totalWeightGrams",
  "shippingCountryCode",
  "shippingCostMinor",
  "shippingCostSource",
] as const;
const LINE_COLUMNS = [
  "id",
  "shopId",
  "orderId",
  "shopifyId",
  "day",
  "productId",
  "variantId",
  "title",
  "sku",
  "quantity",
  "unitPriceMinor",
  "discountMinor",
  "unitCostMinor",
] as const;
const LINE_QUANTITY = LINE_COLUMNS.indexOf("quantity");
const LINE_COST = LINE_COLUMNS.indexOf("unitCostMinor");
const REFUND_COLUMNS = ["id", "shopId", "orderId", "shopifyId", "processedAt", "day", "amountMinor", "lines"] as const;

/** lineRow for a new order's line (no cost snapshot), in the order of LINE_COLUMNS. */
/** An order's fields without its attribution (source and ad channel), to leave the stored one. */
function unattributed<T extends { source: unknown; adChannel: unknown }>(fields: T): Omit<T, "source" | "adChannel"> {
  const { source: _source, adChannel: _adChannel, ...rest } = fields;
  return rest;
}

function newLineRow(shopId: string, orderId: string, day: string, l: SyncOrderLine, refs: Refs): BulkValue[] {
  const variant = l.variantShopifyId ? refs.variant.get(l.variantShopifyId) : undefined;
  return [
    bulkId(),
    shopId,
    orderId,
    l.shopifyId,
    day,
    variant?.productId ?? (l.productShopifyId ? (refs.product.get(l.productShopifyId) ?? null) : null),
    variant?.id ?? null,
    l.title,
    l.sku,
    l.quantity,
    l.unitPriceMinor,
    l.discountMinor,
    variant?.unitCostMinor ?? null,
  ];
}

/** The shop's rows for the Shopify ids a batch refers to (customers it has not seen yet are created as placeholders). */
async function resolveBatchRefs(
  tx: DbClient,
  shopId: string,
  orders: SyncOrder[],
  lines: SyncOrderLine[],
): Promise<Refs> {
  const q = sqlOn(tx);
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  const customerIds = unique(orders.map((o) => o.customerShopifyId));
  const variantIds = unique(lines.map((l) => l.variantShopifyId));
  const productIds = unique(lines.map((l) => l.productShopifyId));
  const customers = await inSlices(customerIds, (slice) =>
    q
      .selectFrom("Customer")
      .select(["id", "shopifyId"])
      .where("shopId", "=", shopId)
      .where("shopifyId", "in", slice)
      .execute(),
  );
  const variants = await inSlices(variantIds, (slice) =>
    q
      .selectFrom("Variant")
      .select(["id", "shopifyId", "productId", "unitCostMinor"])
      .where("shopId", "=", shopId)
      .where("shopifyId", "in", slice)
      .execute(),
  );
  const products = await inSlices(productIds, (slice) =>
    q
      .selectFrom("Product")
      .select(["id", "shopifyId"])
      .where("shopId", "=", shopId)
      .where("shopifyId", "in", slice)
      .execute(),
  );
  const customer = new Map(customers.map((c) => [c.shopifyId!, c.id]));
  const missing = customerIds.filter((id) => !customer.has(id));
  if (missing.length) {
    // A customer the import has not reached yet: a placeholder its own sync fills in.
    const createdAt = new Date();
    const rows = missing.map((shopifyId) => [bulkId(), shopId, shopifyId, false, createdAt] as const);
    await insertRows(tx, "Customer", ["id", "shopId", "shopifyId", "acceptsMarketing", "createdAt"], rows);
    for (const [id, , shopifyId] of rows) customer.set(shopifyId, id);
  }
  return {
    customer,
    variant: new Map(
      variants.map((v) => [v.shopifyId!, { id: v.id, productId: v.productId, unitCostMinor: v.unitCostMinor }]),
    ),
    product: new Map(products.map((p) => [p.shopifyId!, p.id])),
  };
}

/**
 * Writes a batch of imported orders in the caller's transaction: new ones with
 * multi-row inserts, known ones updated in place (each line keeping the cost it was
 * first recorded with), ones older than what is stored skipped. Returns the number
 * of orders written. Idempotent: writing the same batch twice changes nothing.
 * Every row it writes refers only to rows it read or wrote in the caller's transaction,
 * which holds the shop's write lock.
 */
export async function writeOrderBatch(tx: DbClient, shop: SyncShop, batch: OrderBatch): Promise<number> {
  const shopId = shop.id;
  const q = sqlOn(tx);
  const allLines = [...batch.orders.flatMap((o) => o.lines), ...batch.lateLines.map((l) => l.line)];
  const refs = await resolveBatchRefs(tx, shopId, batch.orders, allLines);
  const existing = await inSlices(
    batch.orders.map((o) => o.shopifyId),
    (slice) =>
      q
        .selectFrom("Order")
        .select(["id", "shopifyId", "shopifyUpdatedAt", "shippingCostMinor", "shippingCostSource"])
        .where("shopId", "=", shopId)
        .where("shopifyId", "in", slice)
        .execute(),
  );
  const existingBy = new Map(existing.map((e) => [e.shopifyId, e]));
  const rules = await feeRulesOf(tx, shopId);
  const shippingRules = await shippingRulesOf(tx, shopId);

  const orderRows: BulkValue[][] = [];
  const lineRows: BulkValue[][] = [];
  const refundRows: BulkValue[][] = [];
  const touched = new Set<string>();
  const upsertLines: { orderId: string; day: string; line: SyncOrderLine }[] = [];
  const now = new Date();
  const line = (r: ReturnType<typeof lineRow>): BulkValue[] => LINE_COLUMNS.map((c) => r[c]);
  const refund = (r: ReturnType<typeof refundRow>): BulkValue[] => REFUND_COLUMNS.map((c) => r[c]);
  let written = 0;

  for (const o of batch.orders) {
    const fields = orderFields(shop, o, o.customerShopifyId ? (refs.customer.get(o.customerShopifyId) ?? null) : null);
    const prior = existingBy.get(o.shopifyId);
    let gross = 0;
    for (const l of o.lines) gross += l.quantity * l.unitPriceMinor;
    const total = gross - o.discountsMinor + o.shippingMinor + o.taxesMinor;
    const fee = orderFeeFields(o, total, rules);
    const shipping = orderShippingFields(o, shippingRules, prior);
    if (prior) {
      // Stored already (a resync, or a resumed phase): updated in place, snapshots kept.
      if (isStale(asDate(prior.shopifyUpdatedAt), o.updatedAt)) continue;
      await q
        .updateTable("Order")
        // A visit Shopify no longer reports (null) leaves the stored attribution.
        // The source and its ad channel are one attribution: both replaced, or both kept.
        .set(
          fields.source === null
            ? { ...unattributed(fields), ...fee, ...shipping }
            : { ...fields, ...fee, ...shipping },
        )
        .where("id", "=", prior.id)
        .execute();
      for (const l of o.lines) upsertLines.push({ orderId: prior.id, day: fields.day, line: l });
      const known = new Set(
        (
          await q
            .selectFrom("Refund")
            .select("shopifyId")
            .where("shopId", "=", shopId)
            .where("orderId", "=", prior.id)
            .execute()
        ).map((r) => r.shopifyId),
      );
      for (const r of o.refunds) if (!known.has(r.shopifyId)) refundRows.push(refund(refundRow(shop, prior.id, r)));
      touched.add(prior.id);
      written++;
      continue;
    }
    const id = bulkId();
    const lines = o.lines.map((l) => newLineRow(shopId, id, fields.day, l, refs));
    let cost = 0;
    let uncosted = 0;
    for (const l of lines)
      if (l[LINE_COST] === null) uncosted += l[LINE_QUANTITY] as number;
      else cost += (l[LINE_QUANTITY] as number) * (l[LINE_COST] as number);
    let refunded = 0;
    for (const r of o.refunds) refunded += r.amountMinor;
    // In the order of ORDER_COLUMNS (built directly: this runs for every imported order).
    orderRows.push([
      id,
      shopId,
      o.shopifyId,
      fields.name,
      fields.customerId,
      fields.email,
      fields.processedAt,
      fields.day,
      fields.currency,
      fields.presentmentCurrency,
      gross,
      fields.discountsMinor,
      fields.shippingMinor,
      fields.taxesMinor,
      refunded,
      total,
      fields.channel,
      fields.source,
      fields.adChannel,
      fields.country,
      fields.region,
      fields.financialStatus,
      fields.cancelledAt,
      fields.shopifyUpdatedAt,
      now,
      cost,
      uncosted,
      fee.paymentFeesMinor,
      fee.paymentFeeSource,
      fee.gateways,
      fields.totalWeightGrams,
      fields.shippingCountryCode,
      shipping.shippingCostMinor,
      shipping.shippingCostSource,
    ]);
    for (const l of lines) lineRows.push(l);
    for (const r of o.refunds) refundRows.push(refund(refundRow(shop, id, r)));
    written++;
  }

  if (batch.lateLines.length) {
    const parents = await inSlices([...new Set(batch.lateLines.map((l) => l.orderShopifyId))], (slice) =>
      q
        .selectFrom("Order")
        .select(["id", "shopifyId", "day"])
        .where("shopId", "=", shopId)
        .where("shopifyId", "in", slice)
        .execute(),
    );
    const parentBy = new Map(parents.map((p) => [p.shopifyId, p]));
    for (const { orderShopifyId, line: l } of batch.lateLines) {
      const parent = parentBy.get(orderShopifyId);
      if (!parent) continue; // its order was skipped as older than the stored one
      upsertLines.push({ orderId: parent.id, day: parent.day, line: l });
      touched.add(parent.id);
    }
  }

  // In day order, so the (shopId, day) indexes are written at few places per batch.
  const dayAt = (columns: readonly string[]) => columns.indexOf("day");
  // Plain code-unit order (days are YYYY-MM-DD): localeCompare would cost a collation per comparison.
  const byDay = (i: number) => (a: BulkValue[], b: BulkValue[]) =>
    (a[i] as string) < (b[i] as string) ? -1 : (a[i] as string) > (b[i] as string) ? 1 : 0;
  orderRows.sort(byDay(dayAt(ORDER_COLUMNS)));
  await insertRows(tx, "Order", ORDER_COLUMNS, orderRows);
  if (upsertLines.length) {
    // The stored lines of those orders: the ones arriving again are replaced, keeping their cost.
    const incoming = new Set(upsertLines.map((u) => `${u.orderId}|${u.line.shopifyId}`));
    const stored = await inSlices([...new Set(upsertLines.map((u) => u.orderId))], (slice) =>
      q
        .selectFrom("OrderLine")
        .select(["id", "orderId", "shopifyId", "unitCostMinor"])
        .where("shopId", "=", shopId)
        .where("orderId", "in", slice)
        .execute(),
    );
    const old = stored.filter((l) => l.shopifyId && incoming.has(`${l.orderId}|${l.shopifyId}`));
    const snapshot = new Map(old.map((l) => [l.shopifyId!, l.unitCostMinor]));
    for (const slice of chunks(
      old.map((l) => l.id),
      500,
    ))
      await q.deleteFrom("OrderLine").where("shopId", "=", shopId).where("id", "in", slice).execute();
    for (const u of upsertLines) lineRows.push(line(lineRow(shopId, u.orderId, u.day, u.line, refs, snapshot)));
  }
  lineRows.sort(byDay(dayAt(LINE_COLUMNS)));
  await insertRows(tx, "OrderLine", LINE_COLUMNS, lineRows);
  await insertRows(tx, "Refund", REFUND_COLUMNS, refundRows);

  // Totals of orders whose lines or refunds changed outside the fast path (decision 069 for the line costs).
  const sumOfLines = (of: ReturnType<typeof sql>) =>
    sql<number>`COALESCE((SELECT SUM(${of}) FROM "OrderLine" l WHERE l."orderId" = "Order"."id"), 0)`;
  for (const slice of chunks([...touched], 500)) {
    await q
      .updateTable("Order")
      .set({
        grossSalesMinor: sumOfLines(sql`l."quantity" * l."unitPriceMinor"`),
        refundsMinor: sql<number>`COALESCE((SELECT SUM(r."amountMinor") FROM "Refund" r WHERE r."orderId" = "Order"."id"), 0)`,
        linesCostMinor: sumOfLines(
          sql`CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END`,
        ),
        linesUncostedUnits: sumOfLines(sql`CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END`),
      })
      .where("shopId", "=", shopId)
      .where("id", "in", slice)
      .execute();
    await q
      .updateTable("Order")
      .set({ totalMinor: sql<number>`"grossSalesMinor" - "discountsMinor" + "shippingMinor" + "taxesMinor"` })
      .where("shopId", "=", shopId)
      .where("id", "in", slice)
      .execute();
  }
  return written;
}
