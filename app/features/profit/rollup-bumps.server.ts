// The rollup rows moved by one write (an order, a refund, a cost, a loyalty day), each in
// the caller's transaction: a day's totals, a product's and a variant's day with their
// month, and the Analytics dimensions. rollups.server.ts rebuilds the same rows in bulk.
import { randomUUID } from "node:crypto";
import { insertRows, sql, sqlOn, type DbClient } from "~/db.server";
import { monthOf } from "~/features/profit/rollup-ranges";
import type { PeriodTotals } from "~/features/profit/profit";

/** The P&L's unknown-cost counts and the day's fees and label costs by where they come from. */
export const COST_SOURCE_COLUMNS = [
  "unknownShippingCostOrders",
  "unknownPaymentFeeOrders",
  "feesShopifyPaymentsMinor",
  "feesByRuleMinor",
  "noFeeRuleOrders",
  "labelsImportedMinor",
  "labelsByRuleMinor",
  "noShippingRuleOrders",
] as const;
export type CostSourceSums = Record<(typeof COST_SOURCE_COLUMNS)[number], number>;
export const EMPTY_COST_SOURCES = Object.fromEntries(COST_SOURCE_COLUMNS.map((c) => [c, 0])) as CostSourceSums;

/** A day's rollup row: the profit formula's period totals and where the fees and label costs come from. */
export type DayRow = PeriodTotals & CostSourceSums;

/**
 * A product's day (productId "" for lines without a product): units, line revenue and uncosted units,
 * and the Products profit report's sums (cost of the costed units; the order's amounts allocated to
 * the line pro rata to its net sales, decision 089; units on orders with an unknown fee or label).
 */
export type ProductRow = {
  units: number;
  revenueMinor: number;
  uncostedUnits: number;
  cogsMinor: number;
  netSalesShareMinor: number;
  refundsShareMinor: number;
  feesShareMinor: number;
  shippingShareMinor: number;
  unknownFeeUnits: number;
  unknownShippingUnits: number;
};

/** The ProductRow columns, in one order (the rebuild's INSERT … SELECT and the report read them). */
export const PRODUCT_ROW_COLUMNS = [
  "units",
  "revenueMinor",
  "uncostedUnits",
  "cogsMinor",
  "netSalesShareMinor",
  "refundsShareMinor",
  "feesShareMinor",
  "shippingShareMinor",
  "unknownFeeUnits",
  "unknownShippingUnits",
] as const satisfies readonly (keyof ProductRow)[];

export const emptyProductRow = (): ProductRow => ({
  units: 0,
  revenueMinor: 0,
  uncostedUnits: 0,
  cogsMinor: 0,
  netSalesShareMinor: 0,
  refundsShareMinor: 0,
  feesShareMinor: 0,
  shippingShareMinor: 0,
  unknownFeeUnits: 0,
  unknownShippingUnits: 0,
});

/** A VariantDailySales row's grouping ("" for none) and its sums. */
export type VariantKey = { variantId: string; sku: string; productId: string; title: string };
export type VariantRow = { units: number; uncostedUnits: number; uncostedRevenueMinor: number };

export type DimRow = {
  ordersCount: number;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
};
export type OrderDimensions = {
  source: string | null;
  country: string | null;
  region: string | null;
  /** The ad channel of a paid visit (Order.adChannel): the marketing figures' attributed sales (decision 093). */
  adChannel?: string | null;
};

export const UNKNOWN_SOURCE = "unknown";
const dimKeys = (d: OrderDimensions): [string, string, string][] => [
  ["source", d.source || UNKNOWN_SOURCE, ""],
  ["region", d.country ?? "", d.region ?? ""],
  // Only orders with an ad channel have a row: the other orders are no channel's sales.
  ...(d.adChannel ? [["adChannel", d.adChannel, ""] as [string, string, string]] : []),
];

/** The grouping of a sold line in VariantDailySales. */
export function variantKeyOf(line: {
  variantId: string | null;
  sku: string | null;
  productId: string | null;
  title: string;
}): VariantKey {
  return {
    variantId: line.variantId ?? "",
    sku: line.sku ?? "",
    productId: line.productId ?? "",
    // A line's own title names it only when it has no product.
    title: line.productId ? "" : line.title,
  };
}

function incrementsOf(delta: Record<string, number | undefined>) {
  return Object.fromEntries(
    Object.entries(delta)
      .filter(([, v]) => v !== undefined && v !== 0)
      .map(([k, v]) => [k, { increment: v as number }]),
  );
}

/** Marks the shop's figures as changed, so cached dashboard figures are recomputed. */
export async function touchShopData(db: DbClient, shopId: string): Promise<void> {
  await db.shop.update({ where: { id: shopId }, data: { dataVersion: { increment: 1 } } });
}

export async function bumpDay(db: DbClient, shopId: string, d: string, delta: Partial<DayRow>): Promise<void> {
  const increments = incrementsOf(delta);
  if (Object.keys(increments).length === 0) return;
  await touchShopData(db, shopId);
  await db.dailyRollup.upsert({
    where: { shopId_day: { shopId, day: d } },
    create: { shopId, day: d, ...delta },
    update: increments,
  });
}

/**
 * Moves DailyRollup.adSpendMinor by each day's delta (zero deltas skipped): missing days inserted,
 * the others updated in one statement per 300 days, the shop's data version moved once. The one
 * writer of the rollup's ad spend, for the platform sync, CSV imports, their undo and manual entry.
 */
export async function moveAdSpendDays(db: DbClient, shopId: string, byDay: Map<string, number>): Promise<void> {
  const deltas = [...byDay].map(([day, delta]) => ({ day, delta })).filter((d) => d.delta !== 0);
  if (deltas.length === 0) return;
  const q = sqlOn(db);
  for (let i = 0; i < deltas.length; i += 300) {
    const slice = deltas.slice(i, i + 300);
    const have = new Set(
      (
        await q
          .selectFrom("DailyRollup")
          .select("day")
          .where("shopId", "=", shopId)
          .where(
            "day",
            "in",
            slice.map((d) => d.day),
          )
          .execute()
      ).map((r) => r.day),
    );
    const fresh = slice.filter((d) => !have.has(d.day));
    const moved = slice.filter((d) => have.has(d.day));
    await insertRows(
      db,
      "DailyRollup",
      ["id", "shopId", "day", "adSpendMinor"],
      fresh.map((d) => [randomUUID(), shopId, d.day, d.delta]),
    );
    if (moved.length)
      await q
        .updateTable("DailyRollup")
        .set({
          adSpendMinor: sql<number>`${sql.ref("adSpendMinor")} + CASE ${sql.ref("day")} ${sql.join(
            moved.map((d) => sql`WHEN ${d.day} THEN ${d.delta}`),
            sql` `,
          )} ELSE 0 END`,
        })
        .where("shopId", "=", shopId)
        .where(
          "day",
          "in",
          moved.map((d) => d.day),
        )
        .execute();
  }
  await touchShopData(db, shopId);
}

export async function bumpProduct(
  db: DbClient,
  shopId: string,
  d: string,
  productId: string,
  delta: Partial<ProductRow>,
) {
  const increments = incrementsOf(delta);
  if (Object.keys(increments).length === 0) return;
  await db.productDailyRollup.upsert({
    where: { shopId_day_productId: { shopId, day: d, productId } },
    create: { shopId, day: d, productId, ...delta },
    update: increments,
  });
  // The monthly sums move with the daily rows, in the same transaction.
  const month = monthOf(d);
  await db.productMonthlyRollup.upsert({
    where: { shopId_month_productId: { shopId, month, productId } },
    create: { shopId, month, productId, ...delta },
    update: increments,
  });
}

export async function bumpVariant(db: DbClient, shopId: string, d: string, key: VariantKey, delta: VariantRow) {
  const increments = incrementsOf(delta);
  if (Object.keys(increments).length === 0) return;
  await db.variantDailySales.upsert({
    where: { shopId_day_variantId_sku_productId_title: { shopId, day: d, ...key } },
    create: { shopId, day: d, ...key, ...delta },
    update: increments,
  });
  const month = monthOf(d);
  await db.variantMonthlySales.upsert({
    where: { shopId_month_variantId_sku_productId_title: { shopId, month, ...key } },
    create: { shopId, month, ...key, ...delta },
    update: increments,
  });
}

export async function bumpDimensions(
  db: DbClient,
  shopId: string,
  d: string,
  dims: OrderDimensions,
  delta: Partial<DimRow>,
) {
  const increments = incrementsOf(delta);
  if (Object.keys(increments).length === 0) return;
  const month = monthOf(d);
  for (const [dimension, key, sub] of dimKeys(dims)) {
    await db.dimensionDayRollup.upsert({
      where: { shopId_dimension_day_key_sub: { shopId, dimension, day: d, key, sub } },
      create: { shopId, dimension, day: d, key, sub, ...delta },
      update: increments,
    });
    await db.dimensionMonthRollup.upsert({
      where: { shopId_dimension_month_key_sub: { shopId, dimension, month, key, sub } },
      create: { shopId, dimension, month, key, sub, ...delta },
      update: increments,
    });
  }
}

/**
 * Sets a day's loyalty cost (the loyalty feature's figure for that day, docs/decisions/058), in
 * the caller's transaction, and marks the figures changed. Profit knows the amount, not its rules.
 */
export async function setLoyaltyCostDay(
  db: DbClient,
  shopId: string,
  d: string,
  loyaltyCostMinor: number,
): Promise<void> {
  const row = await db.dailyRollup.findUnique({
    where: { shopId_day: { shopId, day: d } },
    select: { loyaltyCostMinor: true },
  });
  if ((row?.loyaltyCostMinor ?? 0) === loyaltyCostMinor) return;
  await db.dailyRollup.upsert({
    where: { shopId_day: { shopId, day: d } },
    create: { shopId, day: d, loyaltyCostMinor },
    update: { loyaltyCostMinor },
  });
  await touchShopData(db, shopId);
}
