// The daily read of sessions, traffic sources and the funnel from Shopify's analytics through
// the Admin GraphQL `shopifyqlQuery` (issue 12 item 3), into TrafficDay and FunnelDay and the
// daily rollup's sessions. The first read backfills 365 days (the longest timeframe); later
// ones re-read from two days before the last day read, as Shopify's figures settle. Without
// read_reports, or without Shopify's protected customer data approval, the shop's state says
// so and the Analytics screen shows what is missing instead of zeros.
import { prisma } from "~/db.server";
import { addDays, eachDay } from "~/lib/dates";
import { describeError } from "~/lib/log-safe";
import { getJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import { todayFor } from "~/features/profit/index.server";
import { ANALYTICS_SCOPE, parseScopes } from "~/features/settings";
import {
  AdminApiError,
  adminOperation,
  getImportStatus,
  type AdminClientFactory,
  type AdminGraphql,
} from "~/features/store-sync/index.server";
import {
  funnelQuery,
  funnelRows,
  isProtectedDataError,
  trafficQuery,
  trafficRows,
  type SyncStatus,
  type TableData,
} from "~/features/analytics/shopifyql";

export const TRAFFIC_JOB = "analytics.traffic";
/** One shop's read, queued at install so the year's backfill does not wait for the daily run. */
export const TRAFFIC_BACKFILL_JOB = "analytics.traffic.backfill";
const BACKFILL_DAYS = 365;
const SETTLE_DAYS = 2;

export const SHOPIFYQL_QUERY = `#graphql
  query AnalyticsShopifyql($query: String!) {
    shopifyqlQuery(query: $query) {
      parseErrors
      tableData {
        columns {
          name
          dataType
          displayName
        }
        rows
      }
    }
  }
`;

type ShopRef = { id: string; domain: string; timezone: string };

class ParseError extends Error {}

async function table(graphql: AdminGraphql, query: string): Promise<TableData> {
  const data = await adminOperation(graphql, SHOPIFYQL_QUERY, { query });
  const answer = data.shopifyqlQuery;
  if (!answer) throw new AdminApiError("Shopify returned no ShopifyQL answer");
  if (answer.parseErrors.length) throw new ParseError(answer.parseErrors.join("; "));
  return answer.tableData ?? { columns: [], rows: [] };
}

async function saveState(shopId: string, status: SyncStatus, message: string | null, lastDay?: string) {
  const data = { status, message, ...(lastDay ? { lastDay, syncedAt: new Date() } : {}) };
  await prisma.analyticsSync.upsert({ where: { shopId }, create: { shopId, ...data }, update: data });
}

/** Reads the shop's sessions and funnel since the last read (or a year back) and stores them. */
export async function syncTraffic(
  shop: ShopRef,
  graphql: AdminGraphql,
  scope: string | null | undefined,
  now = new Date(),
): Promise<SyncStatus> {
  if (!parseScopes(scope).includes(ANALYTICS_SCOPE)) {
    await saveState(shop.id, "missing_scope", null);
    return "missing_scope";
  }
  const today = todayFor({ ...shop, currency: "" }, now);
  const state = await prisma.analyticsSync.findUnique({ where: { shopId: shop.id }, select: { lastDay: true } });
  const from = state?.lastDay ? addDays(state.lastDay, -SETTLE_DAYS) : addDays(today, -(BACKFILL_DAYS - 1));
  let traffic, funnel;
  try {
    traffic = trafficRows(await table(graphql, trafficQuery(from, today)));
    funnel = funnelRows(await table(graphql, funnelQuery(from, today)));
  } catch (error) {
    if (error instanceof AdminApiError && isProtectedDataError(error.message, error.code)) {
      await saveState(shop.id, "missing_pcd", null);
      return "missing_pcd";
    }
    // Parse errors are ours (a column Shopify renamed): their text names it, and has no shop data.
    const message = error instanceof ParseError ? `ShopifyQL: ${error.message}`.slice(0, 500) : null;
    console.error(`[analytics] traffic read failed: ${describeError(error)}`);
    await saveState(shop.id, "failed", message);
    return "failed";
  }
  const range = { gte: from, lte: today };
  const sessionsByDay = new Map<string, number>();
  for (const r of traffic) sessionsByDay.set(r.day, (sessionsByDay.get(r.day) ?? 0) + r.sessions);
  await prisma.$transaction(
    async (tx) => {
      await tx.trafficDay.deleteMany({ where: { shopId: shop.id, day: range } });
      await tx.funnelDay.deleteMany({ where: { shopId: shop.id, day: range } });
      if (traffic.length) await tx.trafficDay.createMany({ data: traffic.map((r) => ({ shopId: shop.id, ...r })) });
      if (funnel.length) await tx.funnelDay.createMany({ data: funnel.map((r) => ({ shopId: shop.id, ...r })) });
      // The daily rollup's sessions follow TrafficDay, as a rebuild would compute them.
      for (const day of eachDay({ from, to: today })) {
        const sessions = sessionsByDay.get(day) ?? 0;
        await tx.dailyRollup.upsert({
          where: { shopId_day: { shopId: shop.id, day } },
          create: { shopId: shop.id, day, sessions },
          update: { sessions },
        });
      }
      await tx.shop.update({ where: { id: shop.id }, data: { dataVersion: { increment: 1 } } });
    },
    { timeout: 60_000 },
  );
  await saveState(shop.id, "ok", null, today);
  return "ok";
}

/** A shop's read with its offline session's scopes. */
async function syncShop(shop: ShopRef, adminFor: AdminClientFactory, now: Date) {
  const session = await prisma.session.findFirst({
    where: { shop: shop.domain, isOnline: false },
    select: { scope: true },
  });
  const { graphql } = await adminFor(shop.domain);
  return syncTraffic(shop, graphql, session?.scope, now);
}

/** Every installed store's read, one after the other (the job runs daily). */
export async function syncAllTraffic(adminFor: AdminClientFactory, now = new Date()) {
  const shops = await prisma.shop.findMany({
    where: { uninstalledAt: null, isDemo: false },
    select: { id: true, domain: true, timezone: true },
  });
  for (const shop of shops) {
    try {
      await syncShop(shop, adminFor, now);
    } catch (error) {
      console.error(`[analytics] traffic read could not start: ${describeError(error)}`);
    }
  }
}

/** Tries of the install-time backfill while the store import is still running (then the daily run takes over). */
const BACKFILL_ATTEMPTS = 8;

export class ImportStillRunning extends Error {
  constructor() {
    super("The store import is still running; the traffic backfill waits for it");
  }
}

/**
 * The install-time backfill of one shop (TRAFFIC_BACKFILL_JOB). It waits (by failing the
 * attempt, so the queue retries with backoff) while the store import is queued or running:
 * the import ends with a rollup rebuild that reads TrafficDay first, and a read landing in
 * between would leave the rebuilt sessions short. A shop already read is left to the daily run.
 */
export async function backfillTraffic(shopId: string, adminFor: AdminClientFactory, now = new Date()) {
  const shop = await prisma.shop.findFirst({
    where: { id: shopId, uninstalledAt: null, isDemo: false },
    select: { id: true, domain: true, timezone: true },
  });
  if (!shop) return null;
  const state = await prisma.analyticsSync.findUnique({ where: { shopId }, select: { lastDay: true } });
  if (state?.lastDay) return null;
  const { state: importState } = await getImportStatus(shop);
  if (importState === "queued" || importState === "running") throw new ImportStillRunning();
  return syncShop(shop, adminFor, now);
}

/**
 * Queues the shop's backfill right after install (the afterAuth hook). Idempotent: once per
 * shop while the queue keeps the job (its singleton key), and a shop already read is skipped.
 */
export async function queueTrafficBackfill(shopId: string, queue: JobQueue = getJobQueue()): Promise<boolean> {
  const state = await prisma.analyticsSync.findUnique({ where: { shopId }, select: { lastDay: true } });
  if (state?.lastDay) return false;
  const id = await queue.enqueue(
    TRAFFIC_BACKFILL_JOB,
    { shopId },
    { singletonKey: `backfill:${shopId}`, maxAttempts: BACKFILL_ATTEMPTS },
  );
  return id !== null;
}

export function registerAnalyticsJobs(queue: JobQueue, { adminFor }: { adminFor: AdminClientFactory }) {
  queue.register(TRAFFIC_JOB, async () => void (await syncAllTraffic(adminFor)));
  queue.register<{ shopId: string }>(TRAFFIC_BACKFILL_JOB, async ({ shopId }) => {
    await backfillTraffic(shopId, adminFor);
  });
  // Daily, after Shopify's overnight processing of the previous day's sessions.
  queue.schedule(TRAFFIC_JOB, "17 5 * * *");
}

/** What the screen says about sessions: null when they are read (or the demo's own), else why not. */
export async function trafficStatus(shop: { id: string; isDemo: boolean }): Promise<SyncStatus> {
  if (shop.isDemo) return "ok";
  const row = await prisma.analyticsSync.findUnique({ where: { shopId: shop.id }, select: { status: true } });
  return (row?.status as SyncStatus | undefined) ?? "never";
}
