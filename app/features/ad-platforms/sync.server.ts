// Reading spend from a connected platform: 12 months back on the first sync, then from three
// days before the last day read (platforms restate recent days) through today, in the shop's
// time zone. The days read replace what was stored for them (AdCampaignDay), and the channel's
// day totals, converted to the shop's currency, go to AdSpendDay with the rollups moved in the
// same transaction. A failure is stored on the connection with the platform's sentence.
import { randomUUID } from "node:crypto";
import { insertRows, prisma, withShopWriteLock } from "~/db.server";
import { addDays, dayInZone, eachDay, type DayRange } from "~/lib/dates";
import { setAdSpendDays } from "~/features/profit/index.server";
import { describeError } from "~/lib/log-safe";
import { PlatformError } from "~/features/ad-platforms/http.server";
import { RateTable, microsToShopMinor } from "~/features/ad-platforms/fx";
import { rateTable } from "~/features/ad-platforms/fx.server";
import { withAccessToken } from "~/features/ad-platforms/connections.server";
import type { CampaignDayRow } from "~/features/ad-platforms/adapter.server";
import { isAdPlatform, type AdPlatform } from "~/features/ad-platforms/platforms";
import { ADAPTERS, AdRefusal, callContext, configured, type AdRuntime } from "~/features/ad-platforms/runtime.server";

export const BACKFILL_DAYS = 365;
const CAMPAIGN_COLUMNS = [
  "id",
  "shopId",
  "platform",
  "accountId",
  "campaignId",
  "campaignName",
  "day",
  "currency",
  "spendMicros",
  "rate",
  "rateDay",
  "spendShopMinor",
  "clicks",
  "impressions",
  "conversions",
  "conversionValue",
] as const;
export const RESTATED_DAYS = 3;

/** The days a sync reads: a year on the first, else the last three days before the last read onward. */
export function syncRange(today: string, syncedThrough: string | null): DayRange {
  if (!syncedThrough) return { from: addDays(today, -(BACKFILL_DAYS - 1)), to: today };
  const restated = addDays(syncedThrough < today ? syncedThrough : today, -(RESTATED_DAYS - 1));
  return { from: restated, to: today };
}

export type SyncResult = { ok: true; days: number; campaignDays: number } | { ok: false; message: string };

type ShopRef = { id: string; timezone: string; currency: string };

function convert(rows: CampaignDayRow[], currencyOf: Map<string, string>, rates: RateTable, shopCurrency: string) {
  return rows.map((r) => {
    const currency = currencyOf.get(r.accountId) ?? shopCurrency;
    const fx = rates.rate(currency, shopCurrency, r.day);
    if (!fx) throw new PlatformError("failed", `No ECB reference rate for ${currency} on or before ${r.day}.`);
    return {
      ...r,
      currency,
      rate: fx.rate,
      rateDay: fx.rateDay,
      spendShopMinor: microsToShopMinor(r.spendMicros, fx.rate, shopCurrency),
    };
  });
}

function rateNoteOf(rows: ReturnType<typeof convert>, shopCurrency: string): string | null {
  const foreign = rows.filter((r) => r.currency !== shopCurrency);
  if (foreign.length === 0) return null;
  const last = foreign.reduce((a, b) => (b.day > a.day ? b : a));
  return (
    `${last.currency} → ${shopCurrency} at the ECB reference rate: ${last.rate.toFixed(4)} on ${last.day}` +
    (last.rateDay && last.rateDay !== last.day ? ` (published ${last.rateDay})` : "")
  );
}

/** One platform of one shop: read, convert, replace the days read. Never throws for a platform's refusal. */
export async function syncPlatform(
  shop: ShopRef,
  platform: AdPlatform,
  rt: AdRuntime,
  range?: DayRange,
): Promise<SyncResult> {
  const c = await prisma.adConnection.findUnique({ where: { shopId_platform: { shopId: shop.id, platform } } });
  if (!c) throw new AdRefusal(404, "This platform is not connected.");
  const at = rt.now?.() ?? new Date();
  const days = range ?? syncRange(dayInZone(at, shop.timezone), c.syncedThrough);
  try {
    const cfg = configured(rt, platform);
    const accounts = await prisma.adAccount.findMany({ where: { shopId: shop.id, platform, selected: true } });
    const rows: CampaignDayRow[] = [];
    await withAccessToken(c, rt, async (token, secrets) => {
      rows.length = 0;
      for (const a of accounts)
        rows.push(
          ...(await ADAPTERS[platform].campaignDays(
            callContext(rt, [...secrets, cfg.client.secret]),
            cfg,
            token,
            a,
            days,
          )),
        );
    });
    const currencyOf = new Map(accounts.map((a) => [a.accountId, a.currency]));
    const foreign = [...currencyOf.values()].some((c) => c !== shop.currency);
    const rates = foreign
      ? await rateTable([...new Set([...currencyOf.values(), shop.currency])], days, {
          url: rt.config.fxRatesUrl,
          transport: rt.transport,
        })
      : new RateTable([]);
    const converted = convert(
      rows.filter((r) => r.day >= days.from && r.day <= days.to),
      currencyOf,
      rates,
      shop.currency,
    );
    const totals = new Map<string, number>();
    for (const r of converted) totals.set(r.day, (totals.get(r.day) ?? 0) + r.spendShopMinor);
    await withShopWriteLock(
      shop.id,
      async (tx) => {
        await tx.adCampaignDay.deleteMany({
          where: { shopId: shop.id, platform, day: { gte: days.from, lte: days.to } },
        });
        await insertRows(
          tx,
          "AdCampaignDay",
          CAMPAIGN_COLUMNS,
          converted.map((r) => [
            randomUUID(),
            shop.id,
            platform,
            r.accountId,
            r.campaignId,
            r.campaignName,
            r.day,
            r.currency,
            String(r.spendMicros),
            r.rate,
            r.rateDay,
            r.spendShopMinor,
            r.clicks,
            r.impressions,
            r.conversions,
            r.conversionValue,
          ]),
        );
        await setAdSpendDays(tx, shop.id, platform, "platform", eachDay(days), totals);
        await tx.adConnection.updateMany({
          where: { id: c.id, shopId: shop.id },
          data: {
            status: "connected",
            lastSyncAt: at,
            syncedThrough: c.syncedThrough && c.syncedThrough > days.to ? c.syncedThrough : days.to,
            lastError: null,
            lastErrorAt: null,
            ...(rateNoteOf(converted, shop.currency) !== null
              ? { rateNote: rateNoteOf(converted, shop.currency) }
              : {}),
          },
        });
      },
      { timeoutMs: 120_000 },
    );
    return { ok: true, days: totals.size, campaignDays: converted.length };
  } catch (error) {
    const message =
      error instanceof PlatformError || error instanceof AdRefusal
        ? error.message
        : `The sync failed: ${describeError(error)}`;
    const revoked = error instanceof PlatformError && error.kind === "revoked";
    await prisma.adConnection.updateMany({
      where: { id: c.id, shopId: shop.id },
      data: { status: revoked ? "revoked" : "failed", lastError: message, lastErrorAt: at },
    });
    console.error(`[ad-platforms] ${platform} sync failed for shop ${shop.id}: ${message}`);
    return { ok: false, message };
  }
}

/** The shop-local hour from which a day's sync is due (yesterday's figures have settled by then). */
export const DAILY_SYNC_HOUR = 4;

const localHour = (at: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at));

/**
 * The hourly run: each connection whose shop's day has passed DAILY_SYNC_HOUR since its last
 * sync (so once a day in the shop's time zone); a failed one is tried again the same way.
 */
export async function syncDue(rt: AdRuntime): Promise<number> {
  const at = rt.now?.() ?? new Date();
  const connections = await prisma.adConnection.findMany({
    where: { status: { in: ["connected", "failed"] }, shop: { uninstalledAt: null } },
    select: { platform: true, lastSyncAt: true, shop: { select: { id: true, timezone: true, currency: true } } },
  });
  let done = 0;
  for (const c of connections) {
    if (!isAdPlatform(c.platform)) continue;
    const tz = c.shop.timezone;
    const due =
      !c.lastSyncAt || (dayInZone(c.lastSyncAt, tz) < dayInZone(at, tz) && localHour(at, tz) >= DAILY_SYNC_HOUR);
    if (due && (await syncPlatform(c.shop, c.platform, rt)).ok) done++;
  }
  return done;
}
