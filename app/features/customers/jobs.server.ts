// The whole-shop recompute as jobs: after an import finishes (looked for every few minutes)
// and nightly (which also refits the lifetime-value model); one customer's rescore runs
// inside the webhook transaction that changed them (registered in app/jobs.server.ts).
import { prisma } from "~/db.server";
import type { AdminClientFactory } from "~/features/store-sync/index.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { recomputeShop } from "./recompute.server";
import { pendingTagChanges, syncSegmentTags } from "./tags.server";

export const CUSTOMER_JOBS = {
  recompute: "customers.recompute",
  afterImport: "customers.after-import",
  nightly: "customers.nightly",
  weeklyRebuild: "customers.weekly-rebuild",
  tags: "customers.tags",
  tagSweep: "customers.tag-sweep",
} as const;

type RecomputeJob = { shopId: string; refit?: boolean; rebuild?: boolean };
type TagJob = { shopId: string };

const TAG_ATTEMPTS = 5;

/** Queues the tag job for a shop (a second request while one is queued is harmless: the job converges). */
export async function requestTagSync(queue: JobQueue, shopId: string, delayMs = 0) {
  await queue.enqueue<TagJob>(
    CUSTOMER_JOBS.tags,
    { shopId },
    { runAt: new Date(Date.now() + delayMs), maxAttempts: TAG_ATTEMPTS },
  );
}

export async function recomputeShopById(shopId: string, refit = false, rebuild = false) {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, timezone: true, uninstalledAt: true },
  });
  if (!shop || shop.uninstalledAt) return null;
  // The weekly rebuild of the summaries catches whatever wrote orders without a rescore (067).
  return recomputeShop(shop, { refit, rebuild });
}

/** Shops whose last finished import is newer than their last recompute (or never recomputed). */
export async function shopsImportedSinceRecompute(): Promise<string[]> {
  const runs = await prisma.importRun.findMany({
    where: { status: "succeeded", finishedAt: { not: null }, shop: { uninstalledAt: null } },
    select: { shopId: true, finishedAt: true, shop: { select: { customerModel: { select: { computedAt: true } } } } },
    orderBy: { finishedAt: "desc" },
  });
  const due = runs.filter((run) => {
    const computed = run.shop.customerModel?.computedAt;
    return !computed || computed < run.finishedAt!;
  });
  return [...new Set(due.map((run) => run.shopId))];
}

export function registerCustomerJobs(queue: JobQueue, { adminFor }: { adminFor: AdminClientFactory }) {
  // After a recompute, segments may have moved: the tags follow.
  const afterRecompute = async (shopId: string) => {
    if (await pendingTagChanges(shopId)) await requestTagSync(queue, shopId);
  };
  queue.register<RecomputeJob>(CUSTOMER_JOBS.recompute, async ({ shopId, refit, rebuild }) => {
    await recomputeShopById(shopId, refit, rebuild);
    await afterRecompute(shopId);
  });
  queue.register<TagJob>(CUSTOMER_JOBS.tags, async ({ shopId }) => {
    const shop = await prisma.shop.findUnique({
      where: { id: shopId },
      select: { id: true, domain: true, isDemo: true, uninstalledAt: true },
    });
    if (!shop || shop.uninstalledAt) return;
    const graphql = shop.isDemo
      ? () => Promise.reject(new Error("The demo has no Shopify store"))
      : (await adminFor(shop.domain)).graphql;
    const { left } = await syncSegmentTags(shop, graphql);
    // A step changes at most a few hundred customers; the next one continues (resumable).
    if (left) await requestTagSync(queue, shopId, 1_000);
  });
  queue.register(CUSTOMER_JOBS.tagSweep, async () => {
    const shops = await prisma.customerSegmentTag.findMany({
      where: { shop: { uninstalledAt: null } },
      distinct: ["shopId"],
      select: { shopId: true },
    });
    for (const { shopId } of shops) await afterRecompute(shopId);
  });
  queue.schedule(CUSTOMER_JOBS.tagSweep, "*/15 * * * *");
  queue.register(CUSTOMER_JOBS.afterImport, async () => {
    for (const shopId of await shopsImportedSinceRecompute())
      await recomputeShopById(shopId)
        .then(() => afterRecompute(shopId))
        .catch((error) => console.error(`[customers] recompute after import failed: ${describeError(error)}`));
  });
  // Every shop's recompute queued once a day per kind (a retried schedule does not queue twice).
  const everyShop = (kind: "nightly" | "rebuild", job: Omit<RecomputeJob, "shopId">) => async () => {
    const shops = await prisma.shop.findMany({ where: { uninstalledAt: null }, select: { id: true } });
    const day = new Date().toISOString().slice(0, 10);
    for (const { id } of shops)
      await queue.enqueue<RecomputeJob>(
        CUSTOMER_JOBS.recompute,
        { shopId: id, ...job },
        { singletonKey: `${kind}:${id}:${day}` },
      );
  };
  queue.register(CUSTOMER_JOBS.nightly, everyShop("nightly", { refit: true }));
  queue.register(CUSTOMER_JOBS.weeklyRebuild, everyShop("rebuild", { refit: true, rebuild: true }));
  queue.schedule(CUSTOMER_JOBS.afterImport, "*/5 * * * *");
  queue.schedule(CUSTOMER_JOBS.nightly, "41 2 * * *");
  // Sunday, after the nightly run (which it then repeats with the rebuild).
  queue.schedule(CUSTOMER_JOBS.weeklyRebuild, "17 4 * * 0");
}
