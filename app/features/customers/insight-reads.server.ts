// The segment changes the insight engine reads (app/features/insights): customers who moved
// from VIP to At-Risk since a day, with their past year's net spend, from the scores' index.
import { prisma, sqlOn } from "~/db.server";

export async function vipsTurnedAtRisk(shopId: string, since: Date) {
  const rows = await prisma.customerScore.findMany({
    where: { shopId, segment: "At-Risk", previousSegment: "VIP", segmentChangedAt: { gte: since } },
    select: { customerId: true, monetaryMinor: true, segmentChangedAt: true },
  });
  return rows.map((r) => ({ customerId: r.customerId, spendMinor: r.monetaryMinor, changedAt: r.segmentChangedAt! }));
}

/**
 * The orders (not cancelled) of the shop's customers whose first such order is on or after
 * `sinceDay`, in order per customer: what the insight engine's cohort and new-customer detectors
 * read. Erased and deleted customers are left out, as in every customer count (counts.server.ts).
 */
export async function newCustomersOrders(shopId: string, sinceDay: string) {
  const db = sqlOn();
  const rows = await db
    .selectFrom("Order as o")
    .innerJoin("Customer as c", "c.id", "o.customerId")
    .select(["o.customerId", "o.day", "o.processedAt", "o.totalMinor", "o.refundsMinor"])
    .where("o.shopId", "=", shopId)
    .where("o.cancelledAt", "is", null)
    .where("c.deletedAt", "is", null)
    .where("c.redactedAt", "is", null)
    .where("o.customerId", "in", (eb) =>
      eb
        .selectFrom("Order")
        .select("customerId")
        .where("shopId", "=", shopId)
        .where("customerId", "is not", null)
        .where("cancelledAt", "is", null)
        .groupBy("customerId")
        .having((h) => h.fn.min("day"), ">=", sinceDay),
    )
    .orderBy("o.customerId")
    .orderBy("o.processedAt")
    .execute();
  return rows.map((r) => ({ customerId: r.customerId!, day: r.day, netMinor: r.totalMinor - r.refundsMinor }));
}
