// Daily rollups per shop and per day (shop time zone), the product and variant rollups
// with their monthly sums, and the Analytics dimensions. The dashboard and Costs read
// only these tables; they are rebuilt in bulk after an import, a seed or a time-zone
// change (rebuildRollups), and kept up to date by every write of an order, a refund
// (order-rollups.server.ts) or a product cost (rollup-costs.server.ts).
import { linesCost } from "~/lib/lines-cost";
import { chunks } from "~/lib/chunks";
import type { DayRange } from "~/lib/dates";
import { dialect, prisma, sql, sqlOn, withShopWriteLock, type PrismaClient, type Tx } from "~/db.server";
import { monthOf } from "~/features/profit/rollup-ranges";
import { EMPTY_TOTALS } from "~/features/profit/profit";
import { costDeltasInRange } from "~/features/profit/rollup-costs.server";
import { applyOrderChange, loadOrderState } from "~/features/profit/order-rollups.server";
import {
  EMPTY_COST_SOURCES,
  PRODUCT_ROW_COLUMNS,
  bumpProduct,
  touchShopData,
  type DayRow,
} from "~/features/profit/rollup-bumps.server";
import { newId, rebuildDimensionDays, rebuildMonthlySums } from "~/features/profit/rollup-rebuild-parts.server";

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

const emptyDay = (): DayRow => ({ ...EMPTY_TOTALS, ...EMPTY_COST_SOURCES });

/** The tables a store's bulk load writes, and the rollups a rebuild writes. */
const LOADED_TABLES = ["Order", "OrderLine", "Refund"];
const ROLLUP_TABLES = [
  "DailyRollup",
  "ProductDailyRollup",
  "ProductMonthlyRollup",
  "VariantDailySales",
  "VariantMonthlySales",
  "DimensionDayRollup",
  "DimensionMonthRollup",
];

/**
 * PostgreSQL plans from statistics that a bulk load leaves stale (autovacuum refreshes them a
 * while later): right after a million orders went in, the rebuild's grouped reads were planned
 * for empty tables and ran for minutes. SQLite plans without statistics unless ANALYZE ran.
 */
async function refreshStatistics(tables: string[]): Promise<void> {
  if (dialect !== "postgresql") return;
  await sql.raw(`ANALYZE ${tables.map((t) => `"${t}"`).join(", ")}`).execute(sqlOn(prisma));
}

/** Every month (YYYY-MM) from the shop's first to its last day of orders, refunds, traffic, ad spend or rollups. */
async function monthsOf(shopId: string): Promise<string[]> {
  const q = sqlOn(prisma);
  const spans = await Promise.all(
    (["Order", "Refund", "TrafficDay", "AdSpendDay", "DailyRollup"] as const).map((table) =>
      q
        .selectFrom(table)
        .select((eb) => [eb.fn.min("day").as("first"), eb.fn.max("day").as("last")])
        .where("shopId", "=", shopId)
        .executeTakeFirst(),
    ),
  );
  const firsts = spans.map((s) => s?.first).filter((d): d is string => !!d);
  const lasts = spans.map((s) => s?.last).filter((d): d is string => !!d);
  if (firsts.length === 0) return [];
  const last = monthOf(lasts.sort().at(-1)!);
  let [y, m] = monthOf(firsts.sort()[0]).split("-").map(Number);
  const months: string[] = [];
  for (let month = monthOf(firsts[0]); month <= last;) {
    months.push(month);
    if (++m > 12) [y, m] = [y + 1, 1];
    month = `${y}-${String(m).padStart(2, "0")}`;
  }
  return months;
}

/**
 * Recomputes every rollup of a shop from its orders, lines, refunds, traffic, ad spend and
 * costs. One calendar month at a time, each in its own short transaction under the shop's
 * write lock (an order written meanwhile lands in a month either before it is rebuilt, and is
 * read by the rebuild, or after, and moves the rebuilt rows), so no transaction grows with
 * the store and the screens keep answering between months.
 */
export async function rebuildRollups(shopId: string): Promise<void> {
  await refreshStatistics(LOADED_TABLES);
  for (const month of await monthsOf(shopId)) await withShopWriteLock(shopId, (tx) => rebuildMonth(tx, shopId, month));
  await withShopWriteLock(shopId, (tx) => touchShopData(tx, shopId));
  await refreshStatistics(ROLLUP_TABLES);
}

/**
 * Rebuilds the rollups of the given calendar months only, one month per transaction as
 * rebuildRollups does: for a write that moves figures the daily deltas do not carry, such as a
 * label cost's share of each product (decision 094), on the months it touched.
 */
export async function rebuildRollupMonths(shopId: string, months: Iterable<string>): Promise<void> {
  const list = [...new Set(months)].sort();
  if (list.length === 0) return;
  for (const month of list) await withShopWriteLock(shopId, (tx) => rebuildMonth(tx, shopId, month));
  await withShopWriteLock(shopId, (tx) => touchShopData(tx, shopId));
}

async function rebuildMonth(tx: Tx, shopId: string, month: string): Promise<void> {
  const range = { from: `${month}-01`, to: `${month}-31` };
  const q = sqlOn(tx);
  const days = new Map<string, DayRow>();
  const day = (d: string) => {
    let row = days.get(d);
    if (!row) days.set(d, (row = emptyDay()));
    return row;
  };
  const cancelled = q
    .selectFrom("Order as c")
    .select("c.id")
    .where("c.shopId", "=", shopId)
    .where("c.cancelledAt", "is not", null);
  // A line's day is its order's day, so the lines' statements need only this month's cancelled
  // orders: the shop-wide list scanned every order of the shop once per statement (about 1.5 s of
  // a 100,000-order rebuild, bench/results/import.md). A refund can fall in a later month than its order.
  const cancelledThisMonth = cancelled.where("c.day", ">=", range.from).where("c.day", "<=", range.to);

  // One after another: a transaction runs one statement at a time.
  const orderRows = await q
    .selectFrom("Order")
    .select((eb) => [
      "day",
      eb.fn.countAll<number>().as("orders"),
      eb.fn.sum<number>("grossSalesMinor").as("gross"),
      eb.fn.sum<number>("discountsMinor").as("discounts"),
      eb.fn.sum<number>("shippingMinor").as("shipping"),
      eb.fn.sum<number>("taxesMinor").as("taxes"),
      sql<number>`SUM(COALESCE("shippingCostMinor", 0))`.as("shippingCost"),
      sql<number>`SUM(COALESCE("paymentFeesMinor", 0))`.as("fees"),
      sql<number>`SUM(CASE WHEN "shippingCostMinor" IS NULL THEN 1 ELSE 0 END)`.as("noLabel"),
      sql<number>`SUM(CASE WHEN "paymentFeesMinor" IS NULL THEN 1 ELSE 0 END)`.as("noFee"),
      sql<number>`SUM(CASE WHEN "paymentFeeSource" = 'shopify_payments' THEN COALESCE("paymentFeesMinor", 0) ELSE 0 END)`.as(
        "feesShopify",
      ),
      sql<number>`SUM(CASE WHEN "paymentFeeSource" = 'rule' THEN COALESCE("paymentFeesMinor", 0) ELSE 0 END)`.as(
        "feesRule",
      ),
      sql<number>`SUM(CASE WHEN "paymentFeeSource" = 'none' THEN 1 ELSE 0 END)`.as("noFeeRule"),
      sql<number>`SUM(CASE WHEN "shippingCostSource" = 'import' THEN COALESCE("shippingCostMinor", 0) ELSE 0 END)`.as(
        "labelsImported",
      ),
      sql<number>`SUM(CASE WHEN "shippingCostSource" = 'rule' THEN COALESCE("shippingCostMinor", 0) ELSE 0 END)`.as(
        "labelsRule",
      ),
      sql<number>`SUM(CASE WHEN "shippingCostSource" = 'none' THEN 1 ELSE 0 END)`.as("noShippingRule"),
    ])
    .where("shopId", "=", shopId)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .where("cancelledAt", "is", null)
    .groupBy("day")
    .execute();
  const lineRows = await q
    .selectFrom("OrderLine as l")
    .select([
      "l.day",
      sql<number>`SUM(CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END)`.as("cogs"),
      sql<number>`SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END)`.as("uncosted"),
    ])
    .where("l.shopId", "=", shopId)
    .where("l.day", ">=", range.from)
    .where("l.day", "<=", range.to)
    .where("l.orderId", "not in", cancelledThisMonth)
    .groupBy("l.day")
    .execute();
  const refundRows = await q
    .selectFrom("Refund as r")
    .select((eb) => ["r.day", eb.fn.sum<number>("r.amountMinor").as("amount")])
    .where("r.shopId", "=", shopId)
    .where("r.day", ">=", range.from)
    .where("r.day", "<=", range.to)
    .where("r.orderId", "not in", cancelled)
    .groupBy("r.day")
    .execute();
  const adRows = await q
    .selectFrom("AdSpendDay")
    .select((eb) => ["day", eb.fn.sum<number>("amountMinor").as("amount")])
    .where("shopId", "=", shopId)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .groupBy("day")
    .execute();
  const trafficRows = await q
    .selectFrom("TrafficDay")
    .select((eb) => ["day", eb.fn.sum<number>("sessions").as("sessions")])
    .where("shopId", "=", shopId)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .groupBy("day")
    .execute();
  const costs = await tx.productCost.findMany({ where: { shopId } });

  for (const r of orderRows) {
    const row = day(r.day);
    row.ordersCount += n(r.orders);
    row.grossSalesMinor += n(r.gross);
    row.discountsMinor += n(r.discounts);
    row.shippingMinor += n(r.shipping);
    row.taxesMinor += n(r.taxes);
    row.shippingCostMinor += n(r.shippingCost);
    row.paymentFeesMinor += n(r.fees);
    row.unknownShippingCostOrders += n(r.noLabel);
    row.unknownPaymentFeeOrders += n(r.noFee);
    row.feesShopifyPaymentsMinor += n(r.feesShopify);
    row.feesByRuleMinor += n(r.feesRule);
    row.noFeeRuleOrders += n(r.noFeeRule);
    row.labelsImportedMinor += n(r.labelsImported);
    row.labelsByRuleMinor += n(r.labelsRule);
    row.noShippingRuleOrders += n(r.noShippingRule);
  }
  for (const r of lineRows) {
    const row = day(r.day);
    row.cogsMinor += n(r.cogs);
    row.uncostedUnits += n(r.uncosted);
  }
  for (const r of refundRows) day(r.day).refundsMinor += n(r.amount);
  for (const r of adRows) day(r.day).adSpendMinor += n(r.amount);
  for (const r of trafficRows) day(r.day).sessions += n(r.sessions);

  // Manual costs: re-cost the lines they match, on top of the synced snapshots.
  const productCosts = new Map<string, { cogsMinor: number; uncostedUnits: number }>();
  for (const delta of await costDeltasInRange(tx, shopId, costs, range)) {
    const row = day(delta.day);
    row.cogsMinor += delta.cogsMinor;
    row.uncostedUnits += delta.uncostedUnits;
    const k = `${delta.day}|${delta.productId ?? ""}`;
    const acc = productCosts.get(k) ?? { cogsMinor: 0, uncostedUnits: 0 };
    acc.cogsMinor += delta.cogsMinor;
    acc.uncostedUnits += delta.uncostedUnits;
    productCosts.set(k, acc);
  }

  // The loyalty cost has no source here: the loyalty feature sets it per day, so it is carried over.
  const kept = await tx.dailyRollup.findMany({
    where: { shopId, day: { gte: range.from, lte: range.to }, loyaltyCostMinor: { not: 0 } },
    select: { day: true, loyaltyCostMinor: true },
  });
  for (const k of kept) day(k.day).loyaltyCostMinor = k.loyaltyCostMinor;
  const inRange = { shopId, day: { gte: range.from, lte: range.to } };
  await tx.dailyRollup.deleteMany({ where: inRange });
  for (const data of chunks(
    [...days].map(([d, row]) => ({ shopId, day: d, ...row })),
    2000,
  ))
    await tx.dailyRollup.createMany({ data });

  // Product and variant rows can number hundreds of thousands: the database computes them in
  // place (INSERT … SELECT) instead of sending them through the client. Lines of cancelled
  // orders are excluded by the (few) cancelled order ids rather than a join to every order.
  await tx.productDailyRollup.deleteMany({ where: inRange });
  await q
    .insertInto("ProductDailyRollup")
    .columns(["id", "shopId", "day", "productId", ...PRODUCT_ROW_COLUMNS])
    .expression(productDays(tx, shopId, range))
    .execute();
  for (const [k, delta] of productCosts) {
    const [d, productId] = k.split("|");
    await bumpProduct(tx, shopId, d, productId, delta);
  }

  // Units per variant at an unknown cost at the time of sale (missing-costs.server.ts applies the costs).
  await tx.variantDailySales.deleteMany({ where: inRange });
  const title = sql<string>`CASE WHEN l."productId" IS NULL THEN l."title" ELSE '' END`;
  const variantId = sql<string>`COALESCE(l."variantId", '')`;
  const sku = sql<string>`COALESCE(l."sku", '')`;
  const productId = sql<string>`COALESCE(l."productId", '')`;
  await q
    .insertInto("VariantDailySales")
    .columns([
      "shopId",
      "day",
      "variantId",
      "sku",
      "productId",
      "title",
      "units",
      "uncostedUnits",
      "uncostedRevenueMinor",
    ])
    .expression(
      q
        .selectFrom("OrderLine as l")
        .select((eb) => [
          "l.shopId",
          "l.day",
          variantId.as("variantId"),
          sku.as("sku"),
          productId.as("productId"),
          title.as("title"),
          eb.fn.sum<number>("l.quantity").as("units"),
          sql<number>`SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END)`.as("uncostedUnits"),
          sql<number>`SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" * l."unitPriceMinor" - l."discountMinor" ELSE 0 END)`.as(
            "uncostedRevenueMinor",
          ),
        ])
        .where("l.shopId", "=", shopId)
        .where("l.day", ">=", range.from)
        .where("l.day", "<=", range.to)
        .where("l.orderId", "not in", cancelledThisMonth)
        .groupBy(["l.shopId", "l.day", variantId, sku, productId, title]),
    )
    .execute();

  await rebuildDimensionDays(tx, shopId, range);
  await rebuildMonthlySums(tx, shopId, month);
}

/**
 * A month's ProductDailyRollup rows computed in place (INSERT … SELECT): each line (of orders not
 * cancelled) with its order's amounts and, by window sums over the order's lines, its share of
 * them, grouped by day and product ("" for lines without one). Entered costs are added after.
 */
function productDays(tx: Tx, shopId: string, range: DayRange) {
  const q = sqlOn(tx);
  const lineNet = sql<number>`(l."quantity" * l."unitPriceMinor" - l."discountMinor")`;
  const lines = q
    .selectFrom("OrderLine as l")
    .innerJoin("Order as o", "o.id", "l.orderId")
    .select([
      "l.shopId",
      "l.day",
      sql<string>`COALESCE(l."productId", '')`.as("productId"),
      "l.quantity",
      "l.unitCostMinor",
      lineNet.as("lineNet"),
      sql<number>`SUM(${lineNet}) OVER (PARTITION BY l."orderId")`.as("orderNet"),
      sql<number>`SUM(l."quantity") OVER (PARTITION BY l."orderId")`.as("orderUnits"),
      sql<number>`(o."grossSalesMinor" - o."discountsMinor")`.as("netSales"),
      "o.refundsMinor",
      "o.paymentFeesMinor",
      "o.shippingCostMinor",
    ])
    .where("l.shopId", "=", shopId)
    .where("l.day", ">=", range.from)
    .where("l.day", "<=", range.to)
    .where("o.cancelledAt", "is", null);
  // The share of the order a line carries (decision 089), as the line-level report computes it.
  const share = sql<number>`(CASE WHEN t."orderNet" > 0 THEN t."lineNet" * 1.0 / t."orderNet" ELSE t."quantity" * 1.0 / t."orderUnits" END)`;
  return q
    .selectFrom(lines.as("t"))
    .select((eb) => [
      newId().as("id"),
      "t.shopId",
      "t.day",
      "t.productId",
      eb.fn.sum<number>("t.quantity").as("units"),
      sql<number>`SUM(t."lineNet")`.as("revenueMinor"),
      sql<number>`SUM(CASE WHEN t."unitCostMinor" IS NULL THEN t."quantity" ELSE 0 END)`.as("uncostedUnits"),
      sql<number>`SUM(CASE WHEN t."unitCostMinor" IS NULL THEN 0 ELSE t."quantity" * t."unitCostMinor" END)`.as(
        "cogsMinor",
      ),
      sql<number>`SUM(${share} * t."netSales")`.as("netSalesShareMinor"),
      sql<number>`SUM(${share} * t."refundsMinor")`.as("refundsShareMinor"),
      sql<number>`SUM(${share} * COALESCE(t."paymentFeesMinor", 0))`.as("feesShareMinor"),
      sql<number>`SUM(${share} * COALESCE(t."shippingCostMinor", 0))`.as("shippingShareMinor"),
      sql<number>`SUM(CASE WHEN t."paymentFeesMinor" IS NULL THEN t."quantity" ELSE 0 END)`.as("unknownFeeUnits"),
      sql<number>`SUM(CASE WHEN t."shippingCostMinor" IS NULL THEN t."quantity" ELSE 0 END)`.as("unknownShippingUnits"),
    ])
    .groupBy(["t.shopId", "t.day", "t.productId"]);
}

// ── Writing one order or refund (tests, benchmarks; webhooks go through store-sync) ──

export type OrderLineInput = {
  productId: string | null;
  variantId: string | null;
  title: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor?: number;
  /** The variant's cost at the time of sale; null when unknown. */
  unitCostMinor: number | null;
};

export type OrderInput = {
  shopifyId?: string | null;
  name: string;
  customerId?: string | null;
  email?: string | null;
  processedAt: Date;
  day: string;
  currency: string;
  discountsMinor?: number;
  shippingMinor?: number;
  taxesMinor?: number;
  shippingCostMinor?: number | null;
  paymentFeesMinor?: number | null;
  channel?: string;
  source?: string | null;
  adChannel?: string | null;
  country?: string | null;
  region?: string | null;
  financialStatus?: string;
  lines: OrderLineInput[];
};

/** Writes an order with its lines and adds it to the rollups, in one transaction. */
export async function recordOrder(db: PrismaClient, shopId: string, input: OrderInput) {
  const { lines, ...order } = input;
  const grossSalesMinor = lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor, 0);
  const discountsMinor = order.discountsMinor ?? 0;
  const shippingMinor = order.shippingMinor ?? 0;
  const taxesMinor = order.taxesMinor ?? 0;
  return db.$transaction(async (tx) => {
    const created = await tx.order.create({
      data: {
        ...order,
        shopId,
        grossSalesMinor,
        discountsMinor,
        shippingMinor,
        taxesMinor,
        totalMinor: grossSalesMinor - discountsMinor + shippingMinor + taxesMinor,
        ...linesCost(lines),
        lines: {
          create: lines.map((l) => ({ ...l, discountMinor: l.discountMinor ?? 0, shopId, day: order.day })),
        },
      },
    });
    await applyOrderChange(tx, shopId, null, await loadOrderState(tx, shopId, created.id));
    return created;
  });
}

/** Records a refund on the refund's own day (not the order's). */
export async function recordRefund(
  db: PrismaClient,
  shopId: string,
  input: { orderId: string; shopifyId?: string | null; processedAt: Date; day: string; amountMinor: number },
) {
  return db.$transaction(async (tx) => {
    const before = await loadOrderState(tx, shopId, input.orderId);
    if (!before) throw new Error("Order not found for this shop");
    const refund = await tx.refund.create({ data: { ...input, shopId } });
    await tx.order.update({ where: { id: input.orderId }, data: { refundsMinor: { increment: input.amountMinor } } });
    await applyOrderChange(tx, shopId, before, await loadOrderState(tx, shopId, input.orderId));
    return refund;
  });
}
