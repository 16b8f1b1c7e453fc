// The list's sort by predicted 12-month value (docs/decisions/108-customer-value-table.md): the
// page's customer ids, read from CustomerValue's index. The value is the one the last whole-shop
// recompute or a later rescore stored, kept while it is within VALUE_TOLERANCE of the value a
// recompute computes (decision 120; the list's help says so). Customers without a value come
// last, by id, in either direction.
import { sql, sqlOn } from "~/db.server";
import type { CustomerListQuery } from "./query";

function values(shopId: string, segment: CustomerListQuery["segment"], valued: boolean) {
  return (
    sqlOn()
      .selectFrom("CustomerValue as v")
      .where("v.shopId", "=", shopId)
      .where("v.predicted12mMinor", valued ? "is not" : "is", null)
      // The segment is the score row's: tested for each value read in the index's order.
      .$if(segment !== null, (q) =>
        q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom("CustomerScore as s")
              .select(sql.lit(1).as("one"))
              .whereRef("s.shopId", "=", "v.shopId")
              .whereRef("s.customerId", "=", "v.customerId")
              .where("s.segment", "=", segment!),
          ),
        ),
      )
  );
}

/** One page of customer ids in the order of their stored value: `take` after the first `skip`. */
export async function valuePage(
  shopId: string,
  query: Pick<CustomerListQuery, "segment" | "dir">,
  skip: number,
  take: number,
): Promise<string[]> {
  const valued = await values(shopId, query.segment, true)
    .select("v.customerId")
    .orderBy("v.predicted12mMinor", query.dir)
    .orderBy("v.customerId", query.dir)
    .limit(take)
    .offset(skip)
    .execute();
  if (valued.length === take) return valued.map((r) => r.customerId);
  // Past the valued customers: how many there are (known without a count when this page holds some).
  const before = valued.length
    ? skip + valued.length
    : Number(
        (
          await values(shopId, query.segment, true)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        )?.n ?? 0,
      );
  const rest = await values(shopId, query.segment, false)
    .select("v.customerId")
    .orderBy("v.customerId", query.dir)
    .limit(take - valued.length)
    .offset(Math.max(0, skip - before))
    .execute();
  return [...valued, ...rest].map((r) => r.customerId);
}
