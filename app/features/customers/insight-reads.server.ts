// What the insight engine reads of the customers (app/features/insights).
import { prisma, sqlOn, type Prisma } from "~/db.server";

/** VIP now, or left VIP since `vipSince`; erased and deleted customers are left out. */
const valuable = (shopId: string, vipSince: Date): Prisma.CustomerScoreWhereInput => ({
  shopId,
  customer: { deletedAt: null, redactedAt: null },
  OR: [
    { segment: "VIP" },
    { customer: { segmentChanges: { some: { fromSegment: "VIP", changedAt: { gte: vipSince } } } } },
  ],
});

/**
 * Customers who are VIP now or left VIP since `vipSince`, and whose last order is no later than
 * `lastOrderBefore`: their order rhythm (first and last order, distinct order days) and their
 * past year's net spend, from the scores.
 */
export async function quietValuableCustomers(shopId: string, vipSince: Date, lastOrderBefore: Date) {
  const rows = await prisma.customerScore.findMany({
    where: { ...valuable(shopId, vipSince), lastOrderAt: { lte: lastOrderBefore } },
    select: {
      customerId: true,
      segment: true,
      orderDays: true,
      firstOrderAt: true,
      lastOrderAt: true,
      monetaryMinor: true,
    },
  });
  return rows.map(({ firstOrderAt, lastOrderAt, monetaryMinor, ...r }) => ({
    ...r,
    firstOrderAt: firstOrderAt!,
    lastOrderAt: lastOrderAt!,
    spendMinor: monetaryMinor,
  }));
}

/**
 * How many customers are VIP, or left VIP since `vipSince`, with at least `minOrderDays` order
 * days, whatever their last order: the customers the quiet-VIP rule looks at (its Bonferroni count).
 */
export async function countValuableCustomers(shopId: string, vipSince: Date, minOrderDays: number) {
  return prisma.customerScore.count({ where: { ...valuable(shopId, vipSince), orderDays: { gte: minOrderDays } } });
}

/**
 * The orders (not cancelled) of the shop's customers whose first such order is on or after
 * `sinceDay`, in order per customer: what the insight engine's cohort and new-customer detectors
 * read. Erased and deleted customers are left out, as in every customer count (counts.server.ts).
 */
export async function newCustomersOrders(shopId: string, sinceDay: string) {
  const rows = await sqlOn()
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
