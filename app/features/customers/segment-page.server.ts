// One page of a segment's customers for the public API (`GET /api/v1/stores/{id}/customers`):
// stored columns only, one typed statement, keyset pages. Every query filters by the shop first.
import { sqlOn } from "~/db.server";
import type { Segment } from "./rfm";
import { nameOf } from "./score-row";
import type { ListShop } from "./list.server";

/**
 * One page of a segment's customers for the public API, most valuable first: `limit` rows after
 * the customer `startingAfter` (keyset on spend, then id), and whether more follow. An unknown
 * `startingAfter` (or another shop's) is null. The answer shows stored columns only, so the page
 * is one typed statement, without the model and predictions the admin's list derives
 * (bench/results/api.md: the model API compiled this read on every call).
 */
export async function customersBySegmentPage(
  shop: ListShop,
  segment: Segment | null,
  limit: number,
  startingAfter?: string,
) {
  const db = sqlOn();
  const after = startingAfter
    ? await db
        .selectFrom("CustomerScore")
        .select(["totalSpentMinor", "customerId"])
        .where("shopId", "=", shop.id)
        .where("customerId", "=", startingAfter)
        .$if(segment !== null, (q) => q.where("segment", "=", segment!))
        .executeTakeFirst()
    : undefined;
  if (startingAfter && !after) return null;
  const rows = await db
    .selectFrom("CustomerScore as s")
    .innerJoin("Customer as c", (j) => j.onRef("c.id", "=", "s.customerId").onRef("c.shopId", "=", "s.shopId"))
    .select(["s.customerId", "s.orders", "s.totalSpentMinor", "s.lastOrderAt", "s.segment"])
    .select(["c.firstName", "c.lastName", "c.email"])
    .where("s.shopId", "=", shop.id)
    .$if(segment !== null, (q) => q.where("s.segment", "=", segment!))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb("s.totalSpentMinor", "<", after!.totalSpentMinor),
          eb.and([eb("s.totalSpentMinor", "=", after!.totalSpentMinor), eb("s.customerId", ">", after!.customerId)]),
        ]),
      ),
    )
    .orderBy("s.totalSpentMinor", "desc")
    .orderBy("s.customerId", "asc")
    .limit(limit + 1)
    .execute();
  return {
    rows: rows.slice(0, limit).map((r) => ({
      id: r.customerId,
      name: nameOf(r),
      email: r.email,
      orders: r.orders,
      totalSpentMinor: r.totalSpentMinor,
      lastOrderAt: r.lastOrderAt?.toISOString() ?? null,
      segment: r.segment as Segment,
    })),
    hasMore: rows.length > limit,
  };
}
