// Orders and sales of a range by an order dimension (traffic source, country and region, ad
// channel): whole calendar months from DimensionMonthRollup, the days before and after them from
// DimensionDayRollup (decision 064), summed by the database in one query.
import { sqlOn } from "~/db.server";
import { splitRange } from "~/features/profit";
import type { DayRange } from "~/lib/dates";

export type Dimension = "source" | "region" | "adChannel";

export type DimSum = {
  key: string;
  sub: string;
  ordersCount: number;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
};

/** The range's sums per key and sub of one dimension (one row per key and sub). */
export async function dimensionSums(shopId: string, dimension: Dimension, range: DayRange): Promise<DimSum[]> {
  const { months, days } = splitRange(range);
  const q = sqlOn();
  const columns = [
    "key",
    "sub",
    "ordersCount",
    "grossSalesMinor",
    "discountsMinor",
    "refundsMinor",
    "shippingMinor",
  ] as const;
  const byDay = days.map((d) =>
    q
      .selectFrom("DimensionDayRollup")
      .select(columns)
      .where("shopId", "=", shopId)
      .where("dimension", "=", dimension)
      .where("day", ">=", d.from)
      .where("day", "<=", d.to),
  );
  const parts = months
    ? q
        .selectFrom("DimensionMonthRollup")
        .select(columns)
        .where("shopId", "=", shopId)
        .where("dimension", "=", dimension)
        .where("month", ">=", months.from)
        .where("month", "<=", months.to)
        .unionAll(byDay)
    : byDay[0]?.unionAll(byDay.slice(1));
  if (!parts) return [];
  return q
    .selectFrom(parts.as("t"))
    .select((eb) => [
      "t.key",
      "t.sub",
      eb.fn.sum<number>("t.ordersCount").as("ordersCount"),
      eb.fn.sum<number>("t.grossSalesMinor").as("grossSalesMinor"),
      eb.fn.sum<number>("t.discountsMinor").as("discountsMinor"),
      eb.fn.sum<number>("t.refundsMinor").as("refundsMinor"),
      eb.fn.sum<number>("t.shippingMinor").as("shippingMinor"),
    ])
    .groupBy(["t.key", "t.sub"])
    .execute();
}
