// The background re-estimate after a rule change (docs/decisions/126): a rule save bumps its
// shop's RuleReestimate row for the kind and queues the job; the job (reestimate-jobs.server.ts)
// runs while the row asks for more than its run began with. This module only asks and reads.
import { prisma } from "~/db.server";
import { getJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import type { ReestimateKind, ReestimateStatus } from "~/features/profit/reestimate";

export type { ReestimateKind, ReestimateStatus };
export const REESTIMATE_JOB = "profit.reestimate";
export type ReestimatePayload = { shopId: string; kind: ReestimateKind };

/** A fee re-estimate of every gateway (the Retry, which no longer knows what the failed run held). */
export const ALL_GATEWAYS = "*";

/** A run whose row has not moved for this long died with its process; another may take it over. */
export const STALE_RUN_MS = 10 * 60_000;

/** A row's run went silent for longer than a page takes: its process died. */
export const isStale = (row: { updatedAt: Date }) => Date.now() - row.updatedAt.getTime() > STALE_RUN_MS;

/**
 * Asks for a re-estimate of the shop's orders of `kind` (fees: of `gateway`'s orders) with the
 * rules as they now are, and queues the job that runs it. Returns at once: the job runs
 * elsewhere. Each ask bumps `requested`, so a run already going runs again after it.
 */
export async function requestReestimate(
  shopId: string,
  kind: ReestimateKind,
  gateway?: string,
  queue: JobQueue = getJobQueue(),
): Promise<void> {
  const key = { shopId_kind: { shopId, kind } };
  await prisma.ruleReestimate.upsert({ where: key, create: { shopId, kind, status: "done" }, update: {} });
  // Optimistic on `requested`: two saves at once each add their gateway, neither loses the other's.
  for (;;) {
    const row = await prisma.ruleReestimate.findUniqueOrThrow({ where: key });
    const gateways = new Set(row.gateways ? row.gateways.split(",") : []);
    if (gateway) gateways.add(gateway);
    const { count } = await prisma.ruleReestimate.updateMany({
      where: { id: row.id, requested: row.requested },
      data: {
        requested: row.requested + 1,
        gateways: [...gateways].join(","),
        // A run going on takes this ask when it ends; a stale one (its process died) is taken over.
        ...(row.status === "running" && !isStale(row) ? {} : { status: "queued", error: null }),
      },
    });
    if (!count) continue;
    await queue.enqueue<ReestimatePayload>(
      REESTIMATE_JOB,
      { shopId, kind },
      { singletonKey: `${kind}:${shopId}:${row.requested + 1}:${Date.now()}`, maxAttempts: 1 },
    );
    return;
  }
}

/** Where the shop's latest re-estimate of `kind` stands, or null when none was ever asked for. */
export async function reestimateStatus(shopId: string, kind: ReestimateKind): Promise<ReestimateStatus | null> {
  const row = await prisma.ruleReestimate.findUnique({ where: { shopId_kind: { shopId, kind } } });
  if (!row) return null;
  const stale = row.status === "running" && isStale(row);
  return {
    kind,
    state: stale ? "failed" : (row.status as ReestimateStatus["state"]),
    done: row.done,
    total: row.total,
    error: stale ? "The re-estimate stopped without finishing" : row.error,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
