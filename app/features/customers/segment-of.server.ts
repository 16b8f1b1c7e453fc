// Each customer's stored current segment (CustomerScore), for other features that act on it
// (loyalty campaigns limited to a segment). Customers never scored have none.
import type { DbClient } from "~/db.server";
import type { Segment } from "~/features/customers/rfm";

/** The stored segment of each of `customerIds` that has one. */
export async function storedSegments(db: DbClient, shopId: string, customerIds: readonly string[]) {
  const rows = await db.customerScore.findMany({
    where: { shopId, customerId: { in: [...customerIds] } },
    select: { customerId: true, segment: true },
  });
  return new Map(rows.map((r) => [r.customerId, r.segment as Segment]));
}
