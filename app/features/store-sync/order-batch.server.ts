// The bulk import's order batches: orders, lines and refunds written many at a time, with no
// rollups (the import rebuilds them at the end). The import's hot path.
import { LINES_COST_SET } from "~/lib/lines-cost";
import type { SyncOrder, SyncOrderLine } from "~/features/store-sync/normalize";
import { bulkId, inSlices, insertRows, marks, type SqlRunner, type SqlValue } from "~/platform/sql-runner.server";
import { isStale, lineRow, orderFields, refundRow, type Refs, type SyncShop } from "./writes.server";

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
  "country",
  "region",
  "financialStatus",
  "cancelledAt",
  "shopifyUpdatedAt",
  "createdAt",
  "linesCostMinor",
  "linesUncostedUnits",
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

const asDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** lineRow for a new order's line (no cost snapshot), in the order of LINE_COLUMNS. */
function newLineRow(shopId: string, orderId: string, day: string, l: SyncOrderLine, refs: Refs): SqlValue[] {
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
  sql: SqlRunner,
  shopId: string,
  orders: SyncOrder[],
  lines: SyncOrderLine[],
): Promise<Refs> {
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  const customerIds = unique(orders.map((o) => o.customerShopifyId));
  const variantIds = unique(lines.map((l) => l.variantShopifyId));
  const productIds = unique(lines.map((l) => l.productShopifyId));
  const byIds = <T extends Record<string, unknown>>(table: string, columns: string, ids: string[]) =>
    inSlices(ids, (slice) =>
      sql.all<T>(`SELECT ${columns} FROM "${table}" WHERE "shopId" = ? AND "shopifyId" IN ${marks(slice.length)}`, [
        shopId,
        ...slice,
      ]),
    );
  const customers = await byIds<{ id: string; shopifyId: string }>("Customer", `"id", "shopifyId"`, customerIds);
  const variants = await byIds<{ id: string; shopifyId: string; productId: string; unitCostMinor: unknown }>(
    "Variant",
    `"id", "shopifyId", "productId", "unitCostMinor"`,
    variantIds,
  );
  const products = await byIds<{ id: string; shopifyId: string }>("Product", `"id", "shopifyId"`, productIds);
  const customer = new Map(customers.map((c) => [c.shopifyId, c.id]));
  const missing = customerIds.filter((id) => !customer.has(id));
  if (missing.length) {
    // A customer the import has not reached yet: a placeholder its own sync fills in.
    const rows = missing.map((shopifyId) => [bulkId(), shopId, shopifyId, false, new Date()] as SqlValue[]);
    await insertRows(sql, "Customer", ["id", "shopId", "shopifyId", "acceptsMarketing", "createdAt"], rows);
    for (const r of rows) customer.set(String(r[2]), String(r[0]));
  }
  return {
    customer,
    variant: new Map(
      variants.map((v) => [
        v.shopifyId,
        { id: v.id, productId: v.productId, unitCostMinor: asNumber(v.unitCostMinor) },
      ]),
    ),
    product: new Map(products.map((p) => [p.shopifyId, p.id])),
  };
}

/**
 * Writes a batch of imported orders in the caller's transaction: new ones with
 * multi-row inserts, known ones updated in place (each line keeping the cost it was
 * first recorded with), ones older than what is stored skipped. Returns the number
 * of orders written. Idempotent: writing the same batch twice changes nothing.
 * Every row it writes refers only to rows it read or wrote in the caller's transaction
 * (the import runs it without SQLite's foreign-key probes; keep it so).
 */
export async function writeOrderBatch(sql: SqlRunner, shop: SyncShop, batch: OrderBatch): Promise<number> {
  const shopId = shop.id;
  const allLines = [...batch.orders.flatMap((o) => o.lines), ...batch.lateLines.map((l) => l.line)];
  const refs = await resolveBatchRefs(sql, shopId, batch.orders, allLines);
  const existing = await inSlices(
    batch.orders.map((o) => o.shopifyId),
    (slice) =>
      sql.all<{ id: string; shopifyId: string; shopifyUpdatedAt: unknown }>(
        `SELECT "id", "shopifyId", "shopifyUpdatedAt" FROM "Order" WHERE "shopId" = ? AND "shopifyId" IN ${marks(slice.length)}`,
        [shopId, ...slice],
      ),
  );
  const existingBy = new Map(existing.map((e) => [e.shopifyId, e]));

  const orderRows: SqlValue[][] = [];
  const lineRows: SqlValue[][] = [];
  const refundRows: SqlValue[][] = [];
  const touched = new Set<string>();
  const upsertLines: { orderId: string; day: string; line: SyncOrderLine }[] = [];
  const now = new Date();
  const line = (r: ReturnType<typeof lineRow>): SqlValue[] => LINE_COLUMNS.map((c) => r[c]);
  const refund = (r: ReturnType<typeof refundRow>): SqlValue[] => REFUND_COLUMNS.map((c) => r[c]);
  let written = 0;

  for (const o of batch.orders) {
    const fields = orderFields(shop, o, o.customerShopifyId ? (refs.customer.get(o.customerShopifyId) ?? null) : null);
    const prior = existingBy.get(o.shopifyId);
    if (prior) {
      // Stored already (a resync, or a resumed phase): updated in place, snapshots kept.
      if (isStale(asDate(prior.shopifyUpdatedAt), o.updatedAt)) continue;
      const set = Object.keys(fields) as (keyof typeof fields)[];
      // A visit Shopify no longer reports (null) leaves the stored attribution.
      const assign = set.map((k) => (k === "source" ? `"source" = COALESCE(?, "source")` : `"${k}" = ?`));
      await sql.run(`UPDATE "Order" SET ${assign.join(", ")} WHERE "id" = ?`, [...set.map((k) => fields[k]), prior.id]);
      for (const l of o.lines) upsertLines.push({ orderId: prior.id, day: fields.day, line: l });
      const known = new Set(
        (
          await sql.all<{ shopifyId: string }>(
            `SELECT "shopifyId" FROM "Refund" WHERE "shopId" = ? AND "orderId" = ?`,
            [shopId, prior.id],
          )
        ).map((r) => r.shopifyId),
      );
      for (const r of o.refunds) if (!known.has(r.shopifyId)) refundRows.push(refund(refundRow(shop, prior.id, r)));
      touched.add(prior.id);
      written++;
      continue;
    }
    const id = bulkId();
    let gross = 0;
    for (const l of o.lines) gross += l.quantity * l.unitPriceMinor;
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
      gross - o.discountsMinor + o.shippingMinor + o.taxesMinor,
      fields.channel,
      fields.source,
      fields.country,
      fields.region,
      fields.financialStatus,
      fields.cancelledAt,
      fields.shopifyUpdatedAt,
      now,
      cost,
      uncosted,
    ]);
    for (const l of lines) lineRows.push(l);
    for (const r of o.refunds) refundRows.push(refund(refundRow(shop, id, r)));
    written++;
  }

  if (batch.lateLines.length) {
    const parents = await inSlices([...new Set(batch.lateLines.map((l) => l.orderShopifyId))], (slice) =>
      sql.all<{ id: string; shopifyId: string; day: string }>(
        `SELECT "id", "shopifyId", "day" FROM "Order" WHERE "shopId" = ? AND "shopifyId" IN ${marks(slice.length)}`,
        [shopId, ...slice],
      ),
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
  const byDay = (i: number) => (a: SqlValue[], b: SqlValue[]) =>
    (a[i] as string) < (b[i] as string) ? -1 : (a[i] as string) > (b[i] as string) ? 1 : 0;
  orderRows.sort(byDay(dayAt(ORDER_COLUMNS)));
  await insertRows(sql, "Order", ORDER_COLUMNS, orderRows);
  if (upsertLines.length) {
    // The stored lines of those orders: the ones arriving again are replaced, keeping their cost.
    const incoming = new Set(upsertLines.map((u) => `${u.orderId}|${u.line.shopifyId}`));
    const stored = await inSlices([...new Set(upsertLines.map((u) => u.orderId))], (slice) =>
      sql.all<{ id: string; orderId: string; shopifyId: string | null; unitCostMinor: unknown }>(
        `SELECT "id", "orderId", "shopifyId", "unitCostMinor" FROM "OrderLine" WHERE "shopId" = ? AND "orderId" IN ${marks(slice.length)}`,
        [shopId, ...slice],
      ),
    );
    const old = stored.filter((l) => l.shopifyId && incoming.has(`${l.orderId}|${l.shopifyId}`));
    const snapshot = new Map(old.map((l) => [l.shopifyId!, asNumber(l.unitCostMinor)]));
    await inSlices(
      old.map((l) => l.id),
      async (slice) => {
        await sql.run(`DELETE FROM "OrderLine" WHERE "shopId" = ? AND "id" IN ${marks(slice.length)}`, [
          shopId,
          ...slice,
        ]);
        return [];
      },
    );
    for (const u of upsertLines) lineRows.push(line(lineRow(shopId, u.orderId, u.day, u.line, refs, snapshot)));
  }
  lineRows.sort(byDay(dayAt(LINE_COLUMNS)));
  await insertRows(sql, "OrderLine", LINE_COLUMNS, lineRows);
  await insertRows(sql, "Refund", REFUND_COLUMNS, refundRows);

  // Totals of orders whose lines or refunds changed outside the fast path.
  await inSlices([...touched], async (slice) => {
    const ids = marks(slice.length);
    await sql.run(
      `UPDATE "Order" SET
         "grossSalesMinor" = COALESCE((SELECT SUM(l."quantity" * l."unitPriceMinor") FROM "OrderLine" l WHERE l."orderId" = "Order"."id"), 0),
         "refundsMinor" = COALESCE((SELECT SUM(r."amountMinor") FROM "Refund" r WHERE r."orderId" = "Order"."id"), 0),
         ${LINES_COST_SET}
       WHERE "shopId" = ? AND "id" IN ${ids}`,
      [shopId, ...slice],
    );
    await sql.run(
      `UPDATE "Order" SET "totalMinor" = "grossSalesMinor" - "discountsMinor" + "shippingMinor" + "taxesMinor" WHERE "shopId" = ? AND "id" IN ${ids}`,
      [shopId, ...slice],
    );
    return [];
  });
  return written;
}
