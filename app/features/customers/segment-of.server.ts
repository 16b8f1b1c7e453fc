// Each customer's stored current segment (CustomerScore), for other features that act on it
// (loyalty campaigns limited to a segment). Customers never scored have none.
import type { Prisma, PrismaClient } from "~/db.server";
import type { Segment } from "~/features/customers/rfm";

type Db = PrismaClient | Prisma.TransactionClient;

/** The stored segment of each of `customerIds` (all of the shop's scored customers when omitted). */
export async function storedSegments(db: Db, shopId: string, customerIds?: readonly string[]) {
  const rows = await db.customerScore.findMany({
    where: { shopId, ...(customerIds ? { customerId: { in: [...customerIds] } } : {}) },
    select: { customerId: true, segment: true },
  });
  return new Map(rows.map((r) => [r.customerId, r.segment as Segment]));
}
