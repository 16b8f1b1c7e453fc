// The whole-shop recompute as jobs: after an import finishes (looked for every few minutes)
// and nightly (which also refits the lifetime-value model); one customer's rescore runs
// inside the webhook transaction that changed them (registered in app/jobs.server.ts).
import { prisma } from "~/db.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { recomputeShop } from "./scores.server";

export const CUSTOMER_JOBS = {
  recompute: "customers.recompute",
  afterImport: "customers.after-import",
  nightly: "customers.nightly",
} as const;

type RecomputeJob = { shopId: string; refit?: boolean };

export async function recomputeShopById(shopId: string, refit = false) {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, timezone: true, uninstalledAt: true },
  });
  if (!shop || shop.uninstalledAt) return null;
  return recomputeShop(shop, { refit });
}

/** Shops whose last finished import is newer than their last recompute (or never recomputed). */
export async function shopsImportedSinceRecompute(): Promise<string[]> {
  const runs = await prisma.importRun.findMany({
    where: { status: "succeeded", finishedAt: { not: null }, shop: { uninstalledAt: null } },
    select: { shopId: true, finishedAt: true, shop: { select: { customerModel: { select: { computedAt: true } } } } },
    orderBy: { finishedAt: "desc" },
  });
  const due = new Set<string>();
  for (const run of runs) {
    const computed = run.shop.customerModel?.computedAt;
    if (!computed || computed < run.finishedAt!) due.add(run.shopId);
  }
  return [...due];
}

export function registerCustomerJobs(queue: JobQueue) {
  queue.register<RecomputeJob>(CUSTOMER_JOBS.recompute, async ({ shopId, refit }) => {
    await recomputeShopById(shopId, refit);
  });
  queue.register(CUSTOMER_JOBS.afterImport, async () => {
    for (const shopId of await shopsImportedSinceRecompute())
      await recomputeShopById(shopId).catch((error) =>
        console.error(`[customers] recompute after import failed: ${describeError(error)}`),
      );
  });
  queue.register(CUSTOMER_JOBS.nightly, async () => {
    const shops = await prisma.shop.findMany({ where: { uninstalledAt: null }, select: { id: true } });
    for (const { id } of shops)
      await queue.enqueue<RecomputeJob>(
        CUSTOMER_JOBS.recompute,
        { shopId: id, refit: true },
        { singletonKey: `nightly:${id}:${new Date().toISOString().slice(0, 10)}` },
      );
  });
  queue.schedule(CUSTOMER_JOBS.afterImport, "*/5 * * * *");
  queue.schedule(CUSTOMER_JOBS.nightly, "41 2 * * *");
}
