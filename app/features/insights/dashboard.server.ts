// The dashboard card's data: the top three current insights and when the last run ended.
import { listInsights } from "~/features/insights/list.server";
import { updatedAgo } from "~/features/insights/components/updated-ago";
import type { DashboardInsights } from "~/features/insights/components/InsightsDashboardCard";

export async function dashboardInsights(
  shop: { id: string; currency: string },
  now = new Date(),
): Promise<DashboardInsights> {
  const list = await listInsights(shop.id, undefined, 3);
  return {
    insights: list.insights,
    total: list.counts.all,
    finishedAt: list.lastRun?.finishedAt ?? null,
    updated: updatedAgo(list.lastRun?.finishedAt ?? null, now.toISOString()),
    currency: shop.currency,
  };
}
