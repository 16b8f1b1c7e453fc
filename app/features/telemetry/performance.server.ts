// The shop's performance over the last 7 days (today included, shop time zone): stored
// days plus the raw samples not rolled up yet, one shop's rows only.
import { asDate, prisma, sqlOn } from "~/db.server";
import { addDays, dayInZone, dayInZoneMapper, eachDay, formatInstant } from "~/lib/dates";
import { figuresOf, type DayFigures, type PerformanceReport } from "~/features/telemetry/figures";
import { VersionedCache } from "~/platform/cache.server";
import { statsFromRow } from "~/features/telemetry/rollup.server";
import {
  addRequest,
  addVital,
  countSessions,
  emptyStats,
  mergeStats,
  type PerformanceStats,
  type VitalMetric,
} from "~/features/telemetry/stats";

type ShopRef = { id: string; timezone: string };

export const PERIOD_DAYS = 7;
/** Raw rows read per table (the newest); a shop's admin makes far fewer requests in a day. */
const RAW_LIMIT = 50_000;

type RawRequest = { at: Date; status: number; serverMs: number; dbMs: number | null; staffKey: string | null };

async function rawStats(shop: ShopRef, from: string, now: Date): Promise<Map<string, PerformanceStats>> {
  // Everything since the period's first day began, whatever the time zone's offset.
  const since = new Date(now.getTime() - (PERIOD_DAYS + 1) * 86_400_000);
  const db = sqlOn();
  const [requestRows, vitals] = await Promise.all([
    db
      .selectFrom("RequestSample")
      .select(["at", "status", "serverMs", "dbMs", "staffKey"])
      .where("shopId", "=", shop.id)
      .where("at", ">=", since)
      .orderBy("at", "desc")
      .limit(RAW_LIMIT)
      .execute(),
    db
      .selectFrom("VitalSample")
      .select(["at", "metric", "value"])
      .where("shopId", "=", shop.id)
      .where("at", ">=", since)
      .orderBy("at", "desc")
      .limit(RAW_LIMIT)
      .execute(),
  ]);
  const requests: RawRequest[] = requestRows.map((r) => ({ ...r, at: asDate(r.at) }));
  const dayOf = dayInZoneMapper(shop.timezone);
  const byDay = new Map<string, PerformanceStats>();
  const lastSeen = new Map<string, Map<string, number>>();
  const statsFor = (day: string) => {
    let stats = byDay.get(day);
    if (!stats) byDay.set(day, (stats = emptyStats()));
    return stats;
  };
  for (const row of requests.reverse()) {
    const day = dayOf(row.at);
    if (day < from) continue;
    const stats = statsFor(day);
    addRequest(stats, row);
    if (!lastSeen.has(day)) lastSeen.set(day, new Map());
    stats.sessions += countSessions([row], lastSeen.get(day)!);
  }
  for (const row of vitals) {
    const day = dayOf(asDate(row.at));
    if (day >= from) addVital(statsFor(day), row.metric as VitalMetric, row.value);
  }
  return byDay;
}

export async function getPerformance(shop: ShopRef, now = new Date()): Promise<PerformanceReport> {
  const to = dayInZone(now, shop.timezone);
  const from = addDays(to, -(PERIOD_DAYS - 1));
  const [stored, raw] = await Promise.all([
    prisma.performanceDay.findMany({ where: { shopId: shop.id, day: { gte: from, lte: to } } }),
    rawStats(shop, from, now),
  ]);
  const byDay = new Map<string, PerformanceStats>(raw);
  for (const row of stored) {
    const rolled = statsFromRow(row);
    const today = byDay.get(row.day);
    byDay.set(row.day, today ? mergeStats(rolled, today) : rolled);
  }
  let total = emptyStats();
  const days: DayFigures[] = eachDay({ from, to }).map((day) => {
    const stats = byDay.get(day) ?? emptyStats();
    total = mergeStats(total, stats);
    const f = figuresOf(stats);
    return {
      day,
      requests: f.requests,
      medianMs: f.medianMs,
      p95Ms: f.p95Ms,
      dbAvgMs: f.dbAvgMs,
      errorRate: f.errorRate,
      sessions: f.sessions,
    };
  });
  return {
    from,
    to,
    figures: figuresOf(total),
    days,
    computedAt: now.toISOString(),
    computedTime: formatInstant(now, shop.timezone, "time"),
  };
}

const reports = new VersionedCache({ max: 500 });
const CARD_TTL_MS = 30_000;

/**
 * The report, computed at most once per 30 seconds per shop and process (the card and
 * the Performance tab refresh every 30 seconds; samples are written every 5), so the
 * dashboard card adds no query to most dashboard requests (a busy day has many raw
 * samples to read).
 */
export function getPerformanceCached(shop: ShopRef): Promise<PerformanceReport> {
  return reports.get(`performance|${shop.id}`, 0, CARD_TTL_MS, () => getPerformance(shop));
}
