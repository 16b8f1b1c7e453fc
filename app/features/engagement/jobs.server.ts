// The engagement sweep on the job queue: every five minutes for each shop with a live campaign,
// and at once for a shop whose campaign was just started. Exactly once per recipient and event
// comes from the send rows (send.server.ts), not from the queue.
import { prisma } from "~/db.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import type { AdminFor } from "./discounts.server";
import { runShop } from "./send.server";

export const ENGAGEMENT_JOBS = { sweep: "engagement.sweep", shop: "engagement.shop" } as const;

type ShopJob = { shopId: string };

export async function requestShopRun(queue: JobQueue, shopId: string) {
  await queue.enqueue<ShopJob>(ENGAGEMENT_JOBS.shop, { shopId }, { maxAttempts: 3 });
}

/** `adminFor`: the shop's Admin API outside a request (per-recipient discount codes). */
export function registerEngagementJobs(queue: JobQueue, deps: { adminFor?: AdminFor } = {}) {
  queue.register<ShopJob>(ENGAGEMENT_JOBS.shop, async ({ shopId }) => {
    await runShop(shopId, new Date(), { adminFor: deps.adminFor });
  });
  queue.register(ENGAGEMENT_JOBS.sweep, async () => {
    const shops = await prisma.engagementCampaign.findMany({
      where: { status: { in: ["scheduled", "active"] }, shop: { uninstalledAt: null } },
      select: { shopId: true },
      distinct: ["shopId"],
    });
    for (const { shopId } of shops) await requestShopRun(queue, shopId);
  });
  queue.schedule(ENGAGEMENT_JOBS.sweep, "*/5 * * * *");
}
