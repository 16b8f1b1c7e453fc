// Who a campaign reaches (docs/decisions/100 and 110): the recipients each trigger has produced
// up to now — a one-off segment at its time, customers entering At-Risk or VIP, abandoned
// checkouts, orders N days old, points about to expire, a variant back in stock — one entry per
// recipient and event, with the key that makes its send unique. Consent is applied here
// (`marketable`); the hold-out, timing and sending are send.server.ts's.
import { prisma } from "~/db.server";
import { restocksBetween } from "~/features/inventory/index.server";
import { marketable } from "./campaigns.server";

type Campaign = Awaited<ReturnType<typeof prisma.engagementCampaign.findFirstOrThrow>>;

/** A flow started today also reaches customers who entered At-Risk in the 90 days before (not years back). */
export const WIN_BACK_LOOKBACK_DAYS = 90;
export const DAY = 86_400_000;

const HOUR = 3_600_000;

export type Planned = {
  customerId: string;
  segment: string;
  sendKey: string;
  eventAt: Date;
  dueAt: Date;
  checkoutId?: string;
  variantId?: string;
};

/** Customers entering `segment` since `since` (win-back: At-Risk; VIP welcome: VIP), one event per entry. */
async function segmentEntries(c: Campaign, segment: string, prefix: string, since: Date, now: Date) {
  const rows = await prisma.customerScore.findMany({
    where: { shopId: c.shopId, segment, segmentChangedAt: { gte: since }, customer: marketable(c.channel) },
    select: { customerId: true, segment: true, segmentChangedAt: true },
  });
  return rows.map((r) => ({
    customerId: r.customerId,
    segment: r.segment,
    sendKey: `${prefix}:${r.segmentChangedAt!.toISOString()}`,
    eventAt: r.segmentChangedAt!,
    dueAt: r.segmentChangedAt! > now ? r.segmentChangedAt! : now,
  }));
}

/** The segment of each customer (the hold-out's stratum), for triggers that start from another table. */
async function segmentsOf(shopId: string, channel: string, customerIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < customerIds.length; i += 500) {
    const rows = await prisma.customer.findMany({
      where: { shopId, id: { in: customerIds.slice(i, i + 500) }, ...marketable(channel) },
      select: { id: true, score: { select: { segment: true } } },
    });
    for (const r of rows) out.set(r.id, r.score?.segment ?? "No orders yet");
  }
  return out;
}

/**
 * Abandoned checkouts of known, subscribed customers, due `delayHours` after the checkout's last
 * change; a flow started today reaches checkouts abandoned within one delay before it started.
 */
async function abandonedCheckouts(shopId: string, c: Campaign, now: Date): Promise<Planned[]> {
  const delay = c.delayHours! * HOUR;
  const from = new Date((c.activatedAt ?? now).getTime() - delay);
  const rows = await prisma.abandonedCheckout.findMany({
    where: {
      shopId,
      completedAt: null,
      customerId: { not: null },
      abandonedAt: { gte: from, lte: new Date(now.getTime() - delay) },
    },
    select: { id: true, customerId: true, abandonedAt: true },
  });
  const segments = await segmentsOf(shopId, c.channel, [...new Set(rows.map((r) => r.customerId!))]);
  return rows
    .filter((r) => segments.has(r.customerId!))
    .map((r) => ({
      customerId: r.customerId!,
      segment: segments.get(r.customerId!)!,
      sendKey: `checkout:${r.id}`,
      eventAt: r.abandonedAt,
      dueAt: new Date(r.abandonedAt.getTime() + delay),
      checkoutId: r.id,
    }));
}

const addMonths = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/**
 * Members whose earned points expire within `delayDays` (loyalty's expiryMonths after earning), one
 * event per customer and expiry day; nothing when the program's points never expire.
 */
async function pointsExpiring(shopId: string, c: Campaign, now: Date): Promise<Planned[]> {
  const program = await prisma.loyaltyProgram.findUnique({ where: { shopId }, select: { expiryMonths: true } });
  if (!program?.expiryMonths) return [];
  const months = program.expiryMonths;
  const lead = c.delayDays! * DAY;
  // Earned so that the expiry falls in (now, now + lead].
  const earned = await prisma.loyaltyLedgerEntry.findMany({
    where: {
      shopId,
      kind: "earn",
      points: { gt: 0 },
      occurredAt: { gt: addMonths(now, -months), lte: addMonths(new Date(now.getTime() + lead), -months) },
    },
    select: { customerId: true, occurredAt: true },
  });
  const members = await prisma.loyaltyMember.findMany({
    where: { shopId, customerId: { in: [...new Set(earned.map((e) => e.customerId))] }, balance: { gt: 0 } },
    select: { customerId: true },
  });
  const withBalance = new Set(members.map((m) => m.customerId));
  const segments = await segmentsOf(shopId, c.channel, [...withBalance]);
  const planned = new Map<string, Planned>();
  for (const e of earned) {
    if (!segments.has(e.customerId)) continue;
    const expiresAt = addMonths(e.occurredAt, months);
    const day = expiresAt.toISOString().slice(0, 10);
    const notice = new Date(Math.max(expiresAt.getTime() - lead, (c.activatedAt ?? now).getTime()));
    const key = `${e.customerId}:${day}`;
    if (!planned.has(key))
      planned.set(key, {
        customerId: e.customerId,
        segment: segments.get(e.customerId)!,
        sendKey: `points-expiring:${day}`,
        eventAt: notice,
        dueAt: notice > now ? notice : now,
      });
  }
  return [...planned.values()];
}

/** Customers who bought a variant in this year before it sold out, for a stock-out that just ended. */
const BOUGHT_BEFORE_DAYS = 365;

/**
 * Back in stock: each variant whose stock-out ended since the flow started (the inventory
 * feature's stock-out periods), to the subscribed customers who bought it in the year before it
 * sold out; one event per stock-out.
 */
async function backInStock(shopId: string, c: Campaign, now: Date): Promise<Planned[]> {
  const restocks = await restocksBetween(shopId, c.activatedAt ?? now, now);
  const planned: Planned[] = [];
  for (const r of restocks) {
    const lines = await prisma.orderLine.findMany({
      where: {
        shopId,
        variantId: r.variantId,
        order: {
          cancelledAt: null,
          processedAt: { gte: new Date(r.soldOutAt.getTime() - BOUGHT_BEFORE_DAYS * DAY), lte: r.soldOutAt },
          customer: marketable(c.channel),
        },
      },
      select: { order: { select: { customerId: true } } },
    });
    const buyers = [...new Set(lines.map((l) => l.order.customerId!))];
    const segments = await segmentsOf(shopId, c.channel, buyers);
    for (const customerId of buyers)
      if (segments.has(customerId))
        planned.push({
          customerId,
          segment: segments.get(customerId)!,
          sendKey: `restock:${r.id}`,
          eventAt: r.restockedAt,
          dueAt: r.restockedAt > now ? r.restockedAt : now,
          variantId: r.variantId,
        });
  }
  return planned;
}

/** The recipients a campaign's trigger (or its one-off segment) has produced up to `now`, one per event. */
export async function candidates(shopId: string, c: Campaign, now: Date): Promise<Planned[]> {
  if (c.audience === "segment") {
    if (!c.scheduledAt || c.scheduledAt > now || !c.segment) return [];
    const rows = await prisma.customerScore.findMany({
      where: { shopId, segment: c.segment, customer: marketable(c.channel) },
      select: { customerId: true, segment: true },
    });
    return rows.map((r) => ({ ...r, sendKey: "once", eventAt: c.scheduledAt!, dueAt: c.scheduledAt! }));
  }
  const since = new Date((c.activatedAt ?? now).getTime() - WIN_BACK_LOOKBACK_DAYS * DAY);
  if (c.audience === "win_back") return segmentEntries(c, "At-Risk", "at-risk", since, now);
  if (c.audience === "vip_welcome") return segmentEntries(c, "VIP", "vip", since, now);
  if (c.audience === "abandoned_checkout" && c.delayHours) return abandonedCheckouts(shopId, c, now);
  if (c.audience === "points_expiring" && c.delayDays) return pointsExpiring(shopId, c, now);
  if (c.audience === "back_in_stock") return backInStock(shopId, c, now);
  if (c.audience === "post_purchase" && c.delayDays) {
    const delay = c.delayDays * DAY;
    const from = new Date((c.activatedAt ?? now).getTime() - delay);
    const orders = await prisma.order.findMany({
      where: {
        shopId,
        processedAt: { gte: from, lte: new Date(now.getTime() - delay) },
        cancelledAt: null,
        customer: marketable(c.channel),
      },
      select: {
        id: true,
        customerId: true,
        processedAt: true,
        customer: { select: { score: { select: { segment: true } } } },
      },
    });
    return orders.map((o) => ({
      customerId: o.customerId!,
      segment: o.customer?.score?.segment ?? "No orders yet",
      sendKey: `order:${o.id}`,
      eventAt: o.processedAt,
      dueAt: new Date(o.processedAt.getTime() + delay),
    }));
  }
  return [];
}
