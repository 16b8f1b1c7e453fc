// The engine behind a campaign: plan the recipients of each trigger event (one row per recipient
// and event, unique by send key, the hold-out decided there), deliver the due ones (claimed by a
// guarded update, so two workers never send the same row; the outbox's dedupe key backs it up),
// and measure conversions (an order within the attribution window of the event). Who each trigger
// reaches is audience.server.ts.
import crypto from "node:crypto";
import { insertRows, prisma } from "~/db.server";
import { assignHoldout, isHeldOut } from "./holdout";
import { DAY, candidates, type Planned } from "./audience.server";
import { deliverDue, type SendDeps } from "./deliver.server";
import type { Shop } from "./compose.server";
import { uuidV7 } from "~/lib/ordered-id";

export { deliverDue, type SendDeps } from "./deliver.server";
export { composeMessage, composeSms } from "./compose.server";

type Campaign = Awaited<ReturnType<typeof prisma.engagementCampaign.findFirstOrThrow>>;

const SEND_COLUMNS = [
  "id",
  "shopId",
  "campaignId",
  "customerId",
  "sendKey",
  "token",
  "eventAt",
  "dueAt",
  "segment",
  "checkoutId",
  "variantId",
  "holdout",
  "status",
  "revenueMinor",
] as const;

/** Writes the send rows of events not planned yet; returns how many were new. */
/** A tracking token's random bytes (144 bits, 24 characters in base64url). */
const TOKEN_BYTES = 18;
/** The random part of a UUID version 7 id. */
const ID_RANDOM_BYTES = 10;

export async function planCampaign(shop: Shop, c: Campaign, now = new Date()): Promise<number> {
  const found = await candidates(shop.id, c, now);
  if (!found.length) return 0;
  const known = new Set(
    (
      await prisma.engagementSend.findMany({
        where: { shopId: shop.id, campaignId: c.id },
        select: { customerId: true, sendKey: true },
      })
    ).map((s) => s.sendKey),
  );
  const key = (p: Planned) => `${p.customerId}:${p.sendKey}`;
  const fresh = found.filter((p) => !known.has(key(p)));
  const batchHoldout = c.audience === "segment" ? assignHoldout(fresh, c.id, c.holdoutPercent) : null;
  // One statement per few thousand rows; a row another worker planned first is skipped by the
  // unique (campaign, send key): exactly one row per recipient and event.
  // The tracking tokens and ids from one read of the random source (one call per row cost ~5 µs each).
  const random = crypto.randomBytes((TOKEN_BYTES + ID_RANDOM_BYTES) * fresh.length);
  const idRandom = (i: number) => random.subarray((TOKEN_BYTES + ID_RANDOM_BYTES) * i + TOKEN_BYTES);
  const plannedAt = Date.now();
  const rows = fresh.map((p, i) => {
    const holdout = batchHoldout ? batchHoldout.has(p.customerId) : isHeldOut(p.customerId, c.id, c.holdoutPercent);
    return {
      // Time-ordered ids: the rows go to the end of the primary key's index, not random pages.
      id: uuidV7(plannedAt, idRandom(i), i),
      shopId: shop.id,
      campaignId: c.id,
      customerId: p.customerId,
      sendKey: key(p),
      token: random
        .subarray((TOKEN_BYTES + ID_RANDOM_BYTES) * i, (TOKEN_BYTES + ID_RANDOM_BYTES) * i + TOKEN_BYTES)
        .toString("base64url"),
      eventAt: p.eventAt,
      dueAt: p.dueAt,
      segment: p.segment,
      checkoutId: p.checkoutId ?? null,
      variantId: p.variantId ?? null,
      holdout,
      status: holdout ? "holdout" : "pending",
      revenueMinor: 0,
    };
  });
  await insertRows(prisma, "EngagementSend", SEND_COLUMNS, rows, ["campaignId", "sendKey"]);
  const created = (await prisma.engagementSend.count({ where: { shopId: shop.id, campaignId: c.id } })) - known.size;
  return created;
}

/** Marks conversions: the first order of the recipient within the window after the event (both groups). */
export async function measureConversions(shopId: string, now = new Date()): Promise<number> {
  const open = await prisma.engagementSend.findMany({
    where: {
      shopId,
      convertedAt: null,
      status: { in: ["sent", "holdout", "skipped", "failed"] },
      // Not recipients: consent lost before the send, or the campaign ended first (NULL is kept).
      OR: [{ skipReason: null }, { skipReason: { notIn: ["no_consent", "campaign_ended"] } }],
      eventAt: { gte: new Date(now.getTime() - 60 * DAY), lte: now },
    },
    select: { id: true, customerId: true, eventAt: true, campaign: { select: { attributionDays: true } } },
  });
  if (!open.length) return 0;
  // The recipients' orders since the earliest open event, read in one query per batch.
  const since = new Date(Math.min(...open.map((s) => s.eventAt.getTime())));
  const byCustomer = new Map<string, { processedAt: Date; revenueMinor: number }[]>();
  const ids = [...new Set(open.map((s) => s.customerId))];
  for (let i = 0; i < ids.length; i += 500) {
    const orders = await prisma.order.findMany({
      where: {
        shopId,
        customerId: { in: ids.slice(i, i + 500) },
        cancelledAt: null,
        processedAt: { gt: since, lte: now },
      },
      orderBy: { processedAt: "asc" },
      select: { customerId: true, processedAt: true, totalMinor: true, refundsMinor: true },
    });
    for (const o of orders) {
      const list = byCustomer.get(o.customerId!) ?? [];
      list.push({ processedAt: o.processedAt, revenueMinor: o.totalMinor - o.refundsMinor });
      byCustomer.set(o.customerId!, list);
    }
  }
  let converted = 0;
  for (const s of open) {
    const end = s.eventAt.getTime() + s.campaign.attributionDays * DAY;
    const order = byCustomer
      .get(s.customerId)
      ?.find((o) => o.processedAt.getTime() > s.eventAt.getTime() && o.processedAt.getTime() <= end);
    if (!order) continue;
    await prisma.engagementSend.update({
      where: { id: s.id },
      data: { convertedAt: order.processedAt, revenueMinor: order.revenueMinor },
    });
    converted += 1;
  }
  return converted;
}

/** One pass for a shop: scheduled one-offs start, every live campaign plans, due messages go, conversions are read. */
export async function runShop(shopId: string, now = new Date(), deps: SendDeps = {}) {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, name: true, domain: true, timezone: true, isDemo: true, uninstalledAt: true },
  });
  if (!shop || shop.uninstalledAt) return { planned: 0, sent: 0 };
  await prisma.engagementCampaign.updateMany({
    where: { shopId, status: "scheduled", scheduledAt: { lte: now } },
    data: { status: "active", activatedAt: now },
  });
  const live = await prisma.engagementCampaign.findMany({ where: { shopId, status: "active" } });
  let planned = 0;
  for (const c of live) planned += await planCampaign(shop, c, now);
  const sent = await deliverDue(shop, now, 500, deps);
  // A one-off whose every recipient is settled is completed.
  for (const c of live.filter((x) => x.audience === "segment")) {
    const waiting = await prisma.engagementSend.count({
      where: { shopId, campaignId: c.id, status: { in: ["pending", "sending"] } },
    });
    if (waiting === 0)
      await prisma.engagementCampaign.updateMany({
        where: { id: c.id, shopId, status: "active" },
        data: { status: "completed", completedAt: now },
      });
  }
  await measureConversions(shopId, now);
  return { planned, sent };
}
