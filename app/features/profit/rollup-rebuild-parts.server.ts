// The parts of a month's rebuild (rollups.server.ts) written by the database in place:
// the Analytics dimensions of each day, and every monthly table summed from its daily rows.
import { dialect, sql, sqlOn, type Tx } from "~/db.server";
import { PRODUCT_ROW_COLUMNS, UNKNOWN_SOURCE } from "~/features/profit/rollup-bumps.server";

/** A new row id computed by the database (rows written by INSERT … SELECT). */
export const newId = () =>
  sql.raw<string>(
    dialect === "postgresql" ? "md5(random()::text || clock_timestamp()::text)" : "lower(hex(randomblob(12)))",
  );

// ── Orders and sales by dimension (the Analytics screen's traffic sources and regions) ──
// One row per day and source, per day, country and region, and per day and ad channel (orders
// of paid visits whose platform is known; decision 093): the same rules as the daily rollup
// (cancelled orders and their refunds count nothing; a refund counts on its own day, under its
// order's source, region and channel).
export async function rebuildDimensionDays(tx: Tx, shopId: string, range: { from: string; to: string }) {
  const q = sqlOn(tx);
  await tx.dimensionDayRollup.deleteMany({ where: { shopId, day: { gte: range.from, lte: range.to } } });
  const parts = [
    ["source", sql<string>`COALESCE(NULLIF(o."source", ''), ${UNKNOWN_SOURCE})`, sql<string>`''`],
    ["region", sql<string>`COALESCE(o."country", '')`, sql<string>`COALESCE(o."region", '')`],
    ["adChannel", sql<string>`o."adChannel"`, sql<string>`''`],
  ] as const;
  for (const [dimension, key, sub] of parts) {
    const only = dimension === "adChannel";
    const sales = q
      .selectFrom("Order as o")
      .select([
        "o.day as day",
        key.as("k"),
        sub.as("s"),
        sql<number>`1`.as("orders"),
        "o.grossSalesMinor as gross",
        "o.discountsMinor as discounts",
        sql<number>`0`.as("refunds"),
        "o.shippingMinor as shipping",
      ])
      .where("o.shopId", "=", shopId)
      .where("o.day", ">=", range.from)
      .where("o.day", "<=", range.to)
      .where("o.cancelledAt", "is", null)
      .$if(only, (w) => w.where("o.adChannel", "is not", null));
    const refunds = q
      .selectFrom("Refund as r")
      .innerJoin("Order as o", "o.id", "r.orderId")
      .select([
        "r.day as day",
        key.as("k"),
        sub.as("s"),
        sql<number>`0`.as("orders"),
        sql<number>`0`.as("gross"),
        sql<number>`0`.as("discounts"),
        "r.amountMinor as refunds",
        sql<number>`0`.as("shipping"),
      ])
      .where("r.shopId", "=", shopId)
      .where("o.shopId", "=", shopId)
      .where("r.day", ">=", range.from)
      .where("r.day", "<=", range.to)
      .where("o.cancelledAt", "is", null)
      .$if(only, (w) => w.where("o.adChannel", "is not", null));
    await q
      .insertInto("DimensionDayRollup")
      .columns([
        "id",
        "shopId",
        "dimension",
        "day",
        "key",
        "sub",
        "ordersCount",
        "grossSalesMinor",
        "discountsMinor",
        "refundsMinor",
        "shippingMinor",
      ])
      .expression(
        q
          .selectFrom(sales.unionAll(refunds).as("t"))
          .select((eb) => [
            newId().as("id"),
            sql<string>`${shopId}`.as("shopId"),
            sql<string>`${dimension}`.as("dimension"),
            "t.day",
            "t.k",
            "t.s",
            eb.fn.sum<number>("t.orders").as("ordersCount"),
            eb.fn.sum<number>("t.gross").as("grossSalesMinor"),
            eb.fn.sum<number>("t.discounts").as("discountsMinor"),
            eb.fn.sum<number>("t.refunds").as("refundsMinor"),
            eb.fn.sum<number>("t.shipping").as("shippingMinor"),
          ])
          .groupBy(["t.day", "t.k", "t.s"]),
      )
      .execute();
  }
}

/** The month's rows of the monthly tables, summed from its finished daily rows. */
export async function rebuildMonthlySums(tx: Tx, shopId: string, month: string) {
  const q = sqlOn(tx);
  const range = { from: `${month}-01`, to: `${month}-31` };
  await tx.productMonthlyRollup.deleteMany({ where: { shopId, month } });
  await q
    .insertInto("ProductMonthlyRollup")
    .columns(["shopId", "month", "productId", ...PRODUCT_ROW_COLUMNS])
    .expression(
      q
        .selectFrom("ProductDailyRollup")
        .select((eb) => [
          "shopId",
          sql<string>`${month}`.as("month"),
          "productId",
          ...PRODUCT_ROW_COLUMNS.map((c) => eb.fn.sum<number>(c).as(c)),
        ])
        .where("shopId", "=", shopId)
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .groupBy(["shopId", "productId"]),
    )
    .execute();
  await tx.variantMonthlySales.deleteMany({ where: { shopId, month } });
  await q
    .insertInto("VariantMonthlySales")
    .columns([
      "shopId",
      "month",
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
        .selectFrom("VariantDailySales")
        .select((eb) => [
          "shopId",
          sql<string>`${month}`.as("month"),
          "variantId",
          "sku",
          "productId",
          "title",
          eb.fn.sum<number>("units").as("units"),
          eb.fn.sum<number>("uncostedUnits").as("uncostedUnits"),
          eb.fn.sum<number>("uncostedRevenueMinor").as("uncostedRevenueMinor"),
        ])
        .where("shopId", "=", shopId)
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .groupBy(["shopId", "variantId", "sku", "productId", "title"]),
    )
    .execute();
  await tx.dimensionMonthRollup.deleteMany({ where: { shopId, month } });
  await q
    .insertInto("DimensionMonthRollup")
    .columns([
      "shopId",
      "dimension",
      "month",
      "key",
      "sub",
      "ordersCount",
      "grossSalesMinor",
      "discountsMinor",
      "refundsMinor",
      "shippingMinor",
    ])
    .expression(
      q
        .selectFrom("DimensionDayRollup")
        .select((eb) => [
          "shopId",
          "dimension",
          sql<string>`${month}`.as("month"),
          "key",
          "sub",
          eb.fn.sum<number>("ordersCount").as("ordersCount"),
          eb.fn.sum<number>("grossSalesMinor").as("grossSalesMinor"),
          eb.fn.sum<number>("discountsMinor").as("discountsMinor"),
          eb.fn.sum<number>("refundsMinor").as("refundsMinor"),
          eb.fn.sum<number>("shippingMinor").as("shippingMinor"),
        ])
        .where("shopId", "=", shopId)
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .groupBy(["shopId", "dimension", "key", "sub"]),
    )
    .execute();
}
