// Loyalty's background work: the daily expiry of points and of unused reward codes, tier
// changes scheduled for a date that has come, and
// the backfill when a program starts or a store import finishes (idempotent: it posts
// only what the ledger does not have).
import { prisma } from "~/db.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { backfillLedger } from "~/features/loyalty/backfill.server";
import { expireAndReimburse } from "~/features/loyalty/redemptions.server";
import { applyDueTierChanges } from "~/features/loyalty/program.server";

export const BACKFILL_JOB = "loyalty.backfill";
export const EXPIRY_JOB = "loyalty.expire";
export const TIER_CHANGES_JOB = "loyalty.tier-changes";

async function shopRef(shopId: string) {
  return prisma.shop.findUnique({ where: { id: shopId }, select: { id: true, currency: true, timezone: true } });
}

export function registerLoyaltyJobs(queue: JobQueue) {
  queue.register<{ shopId: string }>(BACKFILL_JOB, async ({ shopId }) => {
    const shop = await shopRef(shopId);
    if (shop) await backfillLedger(shop);
  });
  queue.register(EXPIRY_JOB, async () => {
    const programs = await prisma.loyaltyProgram.findMany({ select: { shopId: true } });
    for (const { shopId } of programs) {
      const shop = await shopRef(shopId);
      if (!shop) continue;
      await expireAndReimburse(shop).catch((error) =>
        console.error(`[loyalty] expiry failed for a shop: ${describeError(error)}`),
      );
    }
  });
  // A scheduled tier change takes effect at the store's midnight (decision 081): earning uses
  // it from that instant (tiersAt); this places the members by it within a quarter hour, which
  // every zone's midnight falls on. Only shops with a change due are touched.
  queue.register(TIER_CHANGES_JOB, async () => {
    const due = await prisma.loyaltyTier.findMany({
      where: { pendingFrom: { lte: new Date() } },
      distinct: ["shopId"],
      select: { shopId: true },
    });
    for (const { shopId } of due) {
      const shop = await shopRef(shopId);
      if (!shop) continue;
      await applyDueTierChanges(shop).catch((error) =>
        console.error(`[loyalty] scheduled tier change failed for a shop: ${describeError(error)}`),
      );
    }
  });
  void queue.schedule(EXPIRY_JOB, "23 2 * * *");
  void queue.schedule(TIER_CHANGES_JOB, "*/15 * * * *");
}
