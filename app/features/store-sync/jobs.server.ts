// The import runs as jobs on the app's queue: each job advances the run as far as
// it can, then enqueues the next one for when the bulk operation should be done.
// A crashed worker's job is retried by the queue and the run resumes from its
// last committed batch.
import { prisma } from "~/db.server";
import { getJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { refreshShopCollections, shopsWithCollectionsToRefresh } from "~/features/store-sync/collections.server";
import type { AdminGraphql } from "~/features/store-sync/admin-client.server";
import { readShopFees, shopsWithFeeReads } from "~/features/store-sync/fee-reads.server";
import {
  createImportRun,
  driveImport,
  failImportRun,
  hasAllOrdersScope,
  importErrorMessage,
  retryImportRun,
} from "~/features/store-sync/import.server";

export const IMPORT_JOB = "store-sync.import";
/** Re-reads the products of collections a webhook marked, and of smart collections daily (decision 072). */
export const COLLECTIONS_JOB = "store-sync.collections";
/** Re-reads Shopify Payments' fees of orders order_transactions/create marked (docs/decisions/088). */
export const FEES_JOB = "store-sync.fees";
const MAX_ATTEMPTS = 5;

type ImportJob = { runId: string };

async function enqueueStep(queue: JobQueue, runId: string, delayMs = 0) {
  await queue.enqueue<ImportJob>(
    IMPORT_JOB,
    { runId },
    { runAt: new Date(Date.now() + delayMs), maxAttempts: MAX_ATTEMPTS },
  );
}

/** An Admin API client for a shop with an offline session; the composition root supplies Shopify's. */
export type AdminClientFactory = (shopDomain: string) => Promise<{ graphql: AdminGraphql }>;

/**
 * Registers the import's handler on a queue (called from the composition root, app/jobs.server.ts).
 * `delay` scales the waits between steps (tests run them at once).
 */
export function registerStoreSyncJobs(
  queue: JobQueue,
  { adminFor, delay = (ms: number) => ms }: { adminFor: AdminClientFactory; delay?: (ms: number) => number },
) {
  queue.register<ImportJob>(IMPORT_JOB, async ({ runId }, meta) => {
    const run = await prisma.importRun.findUnique({
      where: { id: runId },
      select: { status: true, shop: { select: { domain: true } } },
    });
    if (!run || run.status === "succeeded" || run.status === "failed") return;
    try {
      const result = await driveImport(runId, await adminFor(run.shop.domain));
      if (result.state === "wait") await enqueueStep(queue, runId, delay(result.delayMs));
      // Another worker holds the run: look again once its lease may have lapsed.
      else if (result.state === "busy") await enqueueStep(queue, runId, delay(30_000));
    } catch (error) {
      if (meta.attempt >= MAX_ATTEMPTS) await failImportRun(runId, importErrorMessage(error));
      throw error;
    }
  });
  queue.register(COLLECTIONS_JOB, async () => {
    for (const shopId of await shopsWithCollectionsToRefresh()) {
      const shop = await prisma.shop.findUnique({
        where: { id: shopId },
        select: { id: true, currency: true, timezone: true, domain: true },
      });
      if (!shop) continue;
      // One shop's failure (no session, Shopify down) leaves its marks for the next run.
      await adminFor(shop.domain)
        .then(({ graphql }) => refreshShopCollections(shop, graphql))
        .catch((error) => console.error(`[store-sync] collection re-read failed for a shop: ${describeError(error)}`));
    }
  });
  void queue.schedule(COLLECTIONS_JOB, "*/5 * * * *");
  queue.register(FEES_JOB, async () => {
    for (const shopId of await shopsWithFeeReads()) {
      const shop = await prisma.shop.findUnique({
        where: { id: shopId },
        select: { id: true, currency: true, timezone: true, domain: true },
      });
      if (!shop) continue;
      await adminFor(shop.domain)
        .then(({ graphql }) => readShopFees(shop, graphql))
        .catch((error) => console.error(`[store-sync] fee re-read failed for a shop: ${describeError(error)}`));
    }
  });
  void queue.schedule(FEES_JOB, "*/5 * * * *");
}

/**
 * Starts a full import for a shop (install, or Resync in the app) unless one is
 * already running, and queues its first step. Returns the run.
 */
export async function requestImport(
  shopId: string,
  {
    reason,
    scope,
    queue = getJobQueue(),
  }: { reason: "install" | "resync"; scope: string | null | undefined; queue?: JobQueue },
) {
  const { run, created } = await createImportRun(shopId, { reason, allOrders: hasAllOrdersScope(scope) });
  // A run nobody holds gets a job too (its job may have been lost); a second job
  // for a run is harmless, the run's lease lets one worker at a time advance it.
  const unheld = !run.lockedUntil || run.lockedUntil.getTime() < Date.now();
  if (created || unheld) await enqueueStep(queue, run.id);
  return run;
}

/** Retry of a failed import from the status card. */
export async function retryImport(shopId: string, runId: string, queue: JobQueue = getJobQueue()) {
  const retried = await retryImportRun(shopId, runId);
  if (retried) await enqueueStep(queue, runId);
  return retried;
}

/**
 * After install or re-auth: a full import when the shop has never been imported or
 * was just re-installed; otherwise the webhooks keep it current and nothing runs.
 */
export async function importAfterAuth(
  shopId: string,
  { reinstalled, scope }: { reinstalled: boolean; scope: string | null | undefined },
) {
  const imported = await prisma.importRun.count({
    where: { shopId, status: { in: ["queued", "running", "succeeded"] } },
  });
  if (imported && !reinstalled) return null;
  return requestImport(shopId, { reason: "install", scope });
}

/** Resync from the app: a new full import with the scopes the shop granted. */
export async function requestResync(shop: { id: string; domain: string }, queue?: JobQueue) {
  const session = await prisma.session.findFirst({
    where: { shop: shop.domain, isOnline: false },
    select: { scope: true },
  });
  return requestImport(shop.id, { reason: "resync", scope: session?.scope, queue });
}
