// The segment changes the insight engine reads (app/features/insights): customers who moved
// from VIP to At-Risk since a day, with their past year's net spend, from the scores' index.
import { prisma } from "~/db.server";

export async function vipsTurnedAtRisk(shopId: string, since: Date) {
  const rows = await prisma.customerScore.findMany({
    where: { shopId, segment: "At-Risk", previousSegment: "VIP", segmentChangedAt: { gte: since } },
    select: { customerId: true, monetaryMinor: true, segmentChangedAt: true },
  });
  return rows.map((r) => ({ customerId: r.customerId, spendMinor: r.monetaryMinor, changedAt: r.segmentChangedAt! }));
}
