// The ad platforms' background work: the first sync after connecting (a year back) and the
// hourly check that syncs each connection once a day in its shop's time zone.
import { prisma } from "~/db.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { getJobQueue } from "~/platform/jobs/index.server";
import { isAdPlatform } from "~/features/ad-platforms/platforms";
import { completeConnect } from "~/features/ad-platforms/connections.server";
import { defaultRuntime, type AdRuntime } from "~/features/ad-platforms/runtime.server";
import { syncDue, syncPlatform } from "~/features/ad-platforms/sync.server";

export const AD_SYNC_JOB = "ad-platforms.sync";
export const AD_SYNC_DUE_JOB = "ad-platforms.sync-due";

/** Queues one platform's sync of one shop (after connecting, or the merchant's Retry). */
export async function queueAdSync(shopId: string, platform: string, queue: JobQueue = getJobQueue()) {
  return queue.enqueue(
    AD_SYNC_JOB,
    { shopId, platform },
    { singletonKey: `${shopId}:${platform}:${Date.now()}`, maxAttempts: 1 },
  );
}

export function registerAdPlatformJobs(queue: JobQueue) {
  queue.register<{ shopId: string; platform: string }>(AD_SYNC_JOB, async ({ shopId, platform }) => {
    const shop = await prisma.shop.findUnique({
      where: { id: shopId },
      select: { id: true, timezone: true, currency: true },
    });
    if (!shop || !isAdPlatform(platform)) return;
    // A refusal is stored on the connection and shown with Retry; the job itself is done.
    await syncPlatform(shop, platform, defaultRuntime());
  });
  queue.register(AD_SYNC_DUE_JOB, async () => void (await syncDue(defaultRuntime())));
  queue.schedule(AD_SYNC_DUE_JOB, "23 * * * *");
}

/**
 * The OAuth callback's work: the signed state checked and the tokens stored (completeConnect),
 * then the first sync, at once in the demo, queued otherwise. Returns the shop's domain and the
 * platform for the way back into the admin.
 */
export async function connectAndSync(platform: string, params: URLSearchParams, rt: AdRuntime = defaultRuntime()) {
  const done = await completeConnect(platform, params, rt);
  const shop = await prisma.shop.findUniqueOrThrow({
    where: { id: done.shopId },
    select: { id: true, domain: true, timezone: true, currency: true },
  });
  if (rt.config.demo) await syncPlatform(shop, done.platform, rt);
  else await queueAdSync(shop.id, done.platform);
  return { domain: shop.domain, platform: done.platform };
}
