// The daily rollup (docs/decisions/043-measured-performance.md): raw samples of shop-local
// days that are over are added into PerformanceDay (merged when the day already has a row,
// so a late sample still counts) and deleted in the same transaction; days older than
// 12 months are deleted. Run by the telemetry job every hour; safe to run again.
import { prisma, type Prisma } from "~/db.server";
import { addDays, dayInZone, dayInZoneMapper } from "~/lib/dates";
import {
  addRequest,
  addVital,
  countSessions,
  emptyStats,
  histogramPercentile,
  mergeStats,
  type PerformanceStats,
  type VitalMetric,
} from "~/features/telemetry/stats";

type ShopRef = { id: string; timezone: string };

const BATCH = 5_000;

type DayRow = {
  requests: number;
  errors: number;
  serverMsSum: number;
  dbMsSum: number;
  dbRequests: number;
  sessions: number;
  histograms: string;
};

export function statsFromRow(row: DayRow): PerformanceStats {
  const histograms = { ...emptyStats().histograms, ...(JSON.parse(row.histograms) as object) };
  return {
    requests: row.requests,
    errors: row.errors,
    serverMsSum: row.serverMsSum,
    dbMsSum: row.dbMsSum,
    dbRequests: row.dbRequests,
    sessions: row.sessions,
    histograms,
  };
}

export function rowFromStats(stats: PerformanceStats) {
  const h = stats.histograms;
  return {
    requests: stats.requests,
    errors: stats.errors,
    serverMsSum: stats.serverMsSum,
    serverMedianMs: histogramPercentile(h.server, "server", 0.5),
    serverP95Ms: histogramPercentile(h.server, "server", 0.95),
    dbMsSum: stats.dbMsSum,
    dbRequests: stats.dbRequests,
    sessions: stats.sessions,
    lcpP75: histogramPercentile(h.LCP, "LCP", 0.75),
    inpP75: histogramPercentile(h.INP, "INP", 0.75),
    clsP75: histogramPercentile(h.CLS, "CLS", 0.75),
    histograms: JSON.stringify(h),
  };
}

/** Adds `byDay` into the stored days and deletes the raw rows, atomically. */
async function store(
  shopId: string,
  byDay: Map<string, PerformanceStats>,
  remove: (tx: Prisma.TransactionClient) => Promise<unknown>,
) {
  await prisma.$transaction(async (tx) => {
    for (const [day, stats] of byDay) {
      const existing = await tx.performanceDay.findUnique({ where: { shopId_day: { shopId, day } } });
      const merged = existing ? mergeStats(statsFromRow(existing), stats) : stats;
      const row = rowFromStats(merged);
      await tx.performanceDay.upsert({
        where: { shopId_day: { shopId, day } },
        create: { shopId, day, ...row },
        update: row,
      });
    }
    await remove(tx);
  });
}

function statsFor(byDay: Map<string, PerformanceStats>, day: string) {
  let stats = byDay.get(day);
  if (!stats) byDay.set(day, (stats = emptyStats()));
  return stats;
}

async function rollupRequests(shop: ShopRef, today: string): Promise<number> {
  const lastSeen = new Map<string, Map<string, number>>();
  const dayOf = dayInZoneMapper(shop.timezone);
  let rolled = 0;
  for (;;) {
    const rows = await prisma.requestSample.findMany({
      where: { shopId: shop.id },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      take: BATCH,
      select: { id: true, at: true, status: true, serverMs: true, dbMs: true, staffKey: true },
    });
    const byDay = new Map<string, PerformanceStats>();
    const ids: string[] = [];
    for (const row of rows) {
      const day = dayOf(row.at);
      if (day >= today) break;
      const stats = statsFor(byDay, day);
      addRequest(stats, row);
      if (!lastSeen.has(day)) lastSeen.set(day, new Map());
      stats.sessions += countSessions([row], lastSeen.get(day)!);
      ids.push(row.id);
    }
    if (ids.length) {
      await store(shop.id, byDay, (tx) => tx.requestSample.deleteMany({ where: { id: { in: ids } } }));
      rolled += ids.length;
    }
    if (ids.length < BATCH) return rolled;
  }
}

async function rollupVitals(shop: ShopRef, today: string): Promise<number> {
  const dayOf = dayInZoneMapper(shop.timezone);
  let rolled = 0;
  for (;;) {
    const rows = await prisma.vitalSample.findMany({
      where: { shopId: shop.id },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      take: BATCH,
      select: { id: true, at: true, metric: true, value: true },
    });
    const byDay = new Map<string, PerformanceStats>();
    const ids: string[] = [];
    for (const row of rows) {
      const day = dayOf(row.at);
      if (day >= today) break;
      addVital(statsFor(byDay, day), row.metric as VitalMetric, row.value);
      ids.push(row.id);
    }
    if (ids.length) {
      await store(shop.id, byDay, (tx) => tx.vitalSample.deleteMany({ where: { id: { in: ids } } }));
      rolled += ids.length;
    }
    if (ids.length < BATCH) return rolled;
  }
}

/** The first day kept: the same calendar day twelve months ago. */
export function retentionStart(today: string): string {
  const [y, m, d] = today.split("-").map(Number);
  const start = `${String(y - 1).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  // 29 February a year back does not exist: 1 March.
  return m === 2 && d === 29 ? addDays(start.replace(/-29$/, "-28"), 1) : start;
}

/** Rolls up one shop's finished days and drops its days older than 12 months. */
export async function rollupShop(shop: ShopRef, now = new Date()) {
  const today = dayInZone(now, shop.timezone);
  const requests = await rollupRequests(shop, today);
  const vitals = await rollupVitals(shop, today);
  const expired = await prisma.performanceDay.deleteMany({
    where: { shopId: shop.id, day: { lt: retentionStart(today) } },
  });
  return { requests, vitals, expiredDays: expired.count };
}

/** Every shop with raw samples or stored days. */
export async function rollupAll(now = new Date()) {
  const [a, b, c] = await Promise.all([
    prisma.requestSample.groupBy({ by: ["shopId"] }),
    prisma.vitalSample.groupBy({ by: ["shopId"] }),
    prisma.performanceDay.groupBy({ by: ["shopId"] }),
  ]);
  const ids = [...new Set([...a, ...b, ...c].map((r) => r.shopId))];
  const shops = await prisma.shop.findMany({ where: { id: { in: ids } }, select: { id: true, timezone: true } });
  for (const shop of shops) await rollupShop(shop, now);
  return shops.length;
}
