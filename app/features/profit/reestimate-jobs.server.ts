// The job that re-estimates a shop's orders after its fee or shipping rules changed
// (docs/decisions/126). One run per shop and kind at a time: a run claims the RuleReestimate row
// (optimistically, on the values it read), works with the rules as each page finds them, and
// when it ends runs again if a save asked for more meanwhile, so the orders end on the latest rules.
import { prisma } from "~/db.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { feeOrdersToReestimate, reestimateFees } from "~/features/profit/fee-rules.server";
import { reestimateShipping, shippingOrdersToReestimate } from "~/features/profit/shipping-rules.server";
import {
  ALL_GATEWAYS,
  REESTIMATE_JOB,
  isStale,
  type ReestimateKind,
  type ReestimatePayload,
} from "~/features/profit/reestimate-request.server";

type Claim = { id: string; generation: number; gateways: string[] };

/**
 * Takes the row for a run when it asks for more than the last run began with and no other run
 * holds it (or the one that did went silent, or it is ours: `mine` is the generation we ran).
 */
async function claim(shopId: string, kind: ReestimateKind, mine: number | null): Promise<Claim | null> {
  for (;;) {
    const row = await prisma.ruleReestimate.findUnique({ where: { shopId_kind: { shopId, kind } } });
    if (!row || row.started >= row.requested) return null;
    const ours = mine !== null && row.started === mine;
    if (row.status === "running" && !ours && !isStale(row)) return null;
    const { count } = await prisma.ruleReestimate.updateMany({
      where: {
        id: row.id,
        requested: row.requested,
        started: row.started,
        status: row.status,
        updatedAt: row.updatedAt,
      },
      data: {
        status: "running",
        started: row.requested,
        gateways: "",
        done: 0,
        total: 0,
        error: null,
        startedAt: new Date(),
        finishedAt: null,
      },
    });
    if (count) return { id: row.id, generation: row.requested, gateways: row.gateways ? row.gateways.split(",") : [] };
  }
}

/** The re-estimate itself, the existing paged code, with its progress written after each page. */
async function work(shopId: string, kind: ReestimateKind, run: Claim) {
  const progress = (data: { done?: { increment: number }; total?: number }) =>
    prisma.ruleReestimate.updateMany({ where: { id: run.id, started: run.generation }, data });
  const onPage = async (orders: number) => void (await progress({ done: { increment: orders } }));
  if (kind === "shipping") {
    await progress({ total: await shippingOrdersToReestimate(shopId) });
    await reestimateShipping(shopId, onPage);
    return;
  }
  const selection = run.gateways.includes(ALL_GATEWAYS) ? null : run.gateways;
  await progress({ total: await feeOrdersToReestimate(shopId, selection) });
  await reestimateFees(shopId, selection, onPage);
}

/** Runs the shop's re-estimate of `kind` until no save is left unanswered. */
export async function runReestimate(shopId: string, kind: ReestimateKind): Promise<void> {
  let run = await claim(shopId, kind, null);
  while (run) {
    let error: string | null = null;
    try {
      await work(shopId, kind, run);
    } catch (e) {
      error = describeError(e);
      console.error(`[profit] the ${kind} re-estimate of shop ${shopId} failed: ${error}`);
      // A failed fee run's gateways go back, so the merchant's Retry (or the next save) covers them.
      if (kind === "fees") await requeueGateways(shopId, run.gateways);
    }
    const { count } = await prisma.ruleReestimate.updateMany({
      where: { id: run.id, requested: run.generation },
      data: error ? { status: "failed", error, finishedAt: new Date() } : { status: "done", finishedAt: new Date() },
    });
    if (count) return;
    run = await claim(shopId, kind, run.generation);
  }
}

async function requeueGateways(shopId: string, gateways: string[]) {
  for (;;) {
    const row = await prisma.ruleReestimate.findUniqueOrThrow({ where: { shopId_kind: { shopId, kind: "fees" } } });
    const all = new Set([...(row.gateways ? row.gateways.split(",") : []), ...gateways]);
    const { count } = await prisma.ruleReestimate.updateMany({
      where: { id: row.id, requested: row.requested, gateways: row.gateways },
      data: { gateways: [...all].join(",") },
    });
    if (count) return;
  }
}

export function registerProfitJobs(queue: JobQueue) {
  queue.register<ReestimatePayload>(REESTIMATE_JOB, ({ shopId, kind }) => runReestimate(shopId, kind));
}
