// The dashboard's figures computed with plain indexed SQL over the orders and their lines
// (no rollups): the baseline bench/loader.ts times getDashboard against. The same periods
// and figures: revenue, orders, costs and sessions of the period and the one before, the
// daily series, the top three products with their previous revenue, and the missing-cost
// count (every line of the period joined to its order). Entered costs are not re-applied to
// COGS here, which only makes the baseline faster than the real definition.
import { prisma, sql, sqlOn } from "~/db.server";
import { periodsEndingOn, type DayRange } from "~/lib/dates";
import { todayFor } from "~/features/profit/dashboard.server";

type ShopRef = { id: string; timezone: string; currency: string };

async function dailyTotals(shopId: string, range: DayRange) {
  const q = sqlOn(prisma);
  const [orders, lines, refunds, ads, traffic] = await Promise.all([
    q
      .selectFrom("Order")
      .select((eb) => [
        "day",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>("grossSalesMinor").as("gross"),
        eb.fn.sum<number>("discountsMinor").as("discounts"),
        eb.fn.sum<number>("shippingMinor").as("shipping"),
        sql<number>`SUM(COALESCE("shippingCostMinor", 0) + COALESCE("paymentFeesMinor", 0))`.as("orderCosts"),
      ])
      .where("shopId", "=", shopId)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .where("cancelledAt", "is", null)
      .groupBy("day")
      .execute(),
    q
      .selectFrom("OrderLine as l")
      .innerJoin("Order as o", "o.id", "l.orderId")
      .select(["l.day", sql<number>`SUM(l."quantity" * COALESCE(l."unitCostMinor", 0))`.as("cogs")])
      .where("l.shopId", "=", shopId)
      .where("l.day", ">=", range.from)
      .where("l.day", "<=", range.to)
      .where("o.cancelledAt", "is", null)
      .groupBy("l.day")
      .execute(),
    q
      .selectFrom("Refund as r")
      .innerJoin("Order as o", "o.id", "r.orderId")
      .select((eb) => ["r.day", eb.fn.sum<number>("r.amountMinor").as("refunds")])
      .where("r.shopId", "=", shopId)
      .where("r.day", ">=", range.from)
      .where("r.day", "<=", range.to)
      .where("o.cancelledAt", "is", null)
      .groupBy("r.day")
      .execute(),
    q
      .selectFrom("AdSpendDay")
      .select((eb) => ["day", eb.fn.sum<number>("amountMinor").as("ads")])
      .where("shopId", "=", shopId)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .groupBy("day")
      .execute(),
    q
      .selectFrom("TrafficDay")
      .select((eb) => ["day", eb.fn.sum<number>("sessions").as("sessions")])
      .where("shopId", "=", shopId)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .groupBy("day")
      .execute(),
  ]);
  return { orders, lines, refunds, ads, traffic };
}

async function productRevenue(shopId: string, range: DayRange, ids?: string[]) {
  let query = sqlOn(prisma)
    .selectFrom("OrderLine as l")
    .innerJoin("Order as o", "o.id", "l.orderId")
    .select((eb) => [
      "l.productId",
      eb.fn.sum<number>("l.quantity").as("units"),
      sql<number>`SUM(l."quantity" * l."unitPriceMinor" - l."discountMinor")`.as("revenue"),
    ])
    .where("l.shopId", "=", shopId)
    .where("l.day", ">=", range.from)
    .where("l.day", "<=", range.to)
    .where("l.productId", "is not", null)
    .where("o.cancelledAt", "is", null);
  if (ids) query = query.where("l.productId", "in", ids.length ? ids : [""]);
  return query.groupBy("l.productId").execute();
}

async function missingCount(shopId: string, range: DayRange) {
  const rows = await sqlOn(prisma)
    .selectFrom("OrderLine as l")
    .innerJoin("Order as o", "o.id", "l.orderId")
    .select([
      "l.variantId",
      "l.sku",
      sql<number>`MAX(CASE WHEN l."unitCostMinor" IS NULL THEN 1 ELSE 0 END)`.as("nocost"),
    ])
    .where("l.shopId", "=", shopId)
    .where("l.day", ">=", range.from)
    .where("l.day", "<=", range.to)
    .where("o.cancelledAt", "is", null)
    .groupBy(["l.variantId", "l.sku"])
    .execute();
  return { sold: rows.length, missing: rows.filter((r) => Number(r.nocost) === 1).length };
}

export async function plainDashboard(shop: ShopRef, days: number) {
  const { current, previous } = periodsEndingOn(todayFor(shop), days);
  const [series, products, missing] = await Promise.all([
    dailyTotals(shop.id, { from: previous.from, to: current.to }),
    productRevenue(shop.id, current),
    missingCount(shop.id, current),
  ]);
  const top = [...products].sort((a, b) => Number(b.revenue) - Number(a.revenue)).slice(0, 3);
  const before = await productRevenue(
    shop.id,
    previous,
    top.map((p) => p.productId!),
  );
  return { series, top, before, missing };
}
