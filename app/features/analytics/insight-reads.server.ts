// What the insight engine (app/features/insights) reads of traffic: sessions by source and the
// funnel by day, as the Shopify analytics read (shopifyql.server.ts) or the demo seed stored them.
import { prisma } from "~/db.server";
import type { DayRange } from "~/lib/dates";
import { SOURCE_LABELS } from "./analytics.server";

export async function trafficForInsights(shopId: string, range: DayRange) {
  const where = { shopId, day: { gte: range.from, lte: range.to } };
  const [traffic, funnel] = await Promise.all([
    prisma.trafficDay.findMany({ where, select: { day: true, source: true, sessions: true }, orderBy: { day: "asc" } }),
    prisma.funnelDay.findMany({
      where,
      select: { day: true, visitors: true, productViews: true, addToCart: true, purchases: true },
      orderBy: { day: "asc" },
    }),
  ]);
  return {
    traffic: traffic.map((r) => {
      const source = r.source || "unknown";
      return { ...r, source, label: SOURCE_LABELS[source] ?? source.replace(/_/g, " ") };
    }),
    funnel,
  };
}
