// Issuing rules run on their own too: every hour, each active collection with a rule and supply
// left issues to the customers who newly reached its tier or bought its product (applyRule is
// idempotent: holders are skipped, the supply is the limit). Expired wallet sign-in nonces go too.
import { prisma } from "~/db.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { applyRule } from "./collections.server";
import { pruneNonces } from "./siwe.server";

export const RULES_JOB = "digital-assets.rules";

export async function applyAllRules(now = new Date()) {
  const ruled = await prisma.assetCollection.findMany({
    where: { status: "active", ruleKind: { not: null } },
    select: { id: true, shopId: true, issued: true, supply: true },
  });
  let issued = 0;
  for (const c of ruled) {
    if (c.issued >= c.supply) continue;
    try {
      issued += (await applyRule(c.shopId, c.id, now)).issued;
    } catch (error) {
      console.error(`[digital-assets] a collection's rule failed: ${describeError(error)}`);
    }
  }
  return { issued };
}

export function registerDigitalAssetJobs(queue: JobQueue) {
  queue.register(RULES_JOB, async () => {
    await applyAllRules();
    await pruneNonces();
  });
  void queue.schedule(RULES_JOB, "41 * * * *");
}
