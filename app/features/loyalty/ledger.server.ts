// The points ledger: posting orders, refunds and cancellations as append-only entries,
// each under a unique key so a webhook replay or a repeated import writes nothing twice
// (docs/decisions/056). Balances are sums of the ledger; LoyaltyMember caches them.
import type { Prisma, PrismaClient } from "~/db.server";
import { currencyDigits } from "~/lib/money";
import { dayInZone } from "~/lib/dates";
import {
  DEFAULT_TIERS,
  campaignApplies,
  campaignMultiplier,
  cappedDebit,
  centiMinorFromDecimal,
  earnPoints,
  eligibleMinor,
  orderCounts,
  refundReversal,
  tierFor,
  tiersAt,
  windowStart,
  type OrderRule,
  type Stacking,
  type TierWindow,
} from "~/features/loyalty/ledger";
import { syncLoyaltyCost } from "~/features/loyalty/cost.server";
import { storedSegments } from "~/features/customers/index.server";

export type Db = PrismaClient | Prisma.TransactionClient;
export type ShopRef = { id: string; currency: string; timezone: string };

export type Program = {
  shopId: string;
  name: string;
  autoEnroll: boolean;
  baseRate: number;
  expiryMonths: number | null;
  orderRule: OrderRule;
  tierWindow: TierWindow;
  expectedRedemptionRate: number;
  startedAt: Date;
};

export type TierRow = {
  id: string;
  name: string;
  minSpend: number;
  benefits: string;
  multiplier: number;
  color: string;
  pendingMinSpend: number | null;
  pendingMultiplier: number | null;
  pendingFrom: Date | null;
};

/** The shop's program, created with the spec's defaults (§9) the first time it is read. */
export async function ensureProgram(db: Db, shop: ShopRef): Promise<Program> {
  const found = await db.loyaltyProgram.findUnique({ where: { shopId: shop.id } });
  if (found) return found as Program;
  const created = await db.loyaltyProgram.upsert({
    where: { shopId: shop.id },
    create: { shopId: shop.id },
    update: {},
  });
  if ((await db.loyaltyTier.count({ where: { shopId: shop.id } })) === 0)
    await db.loyaltyTier.createMany({
      data: DEFAULT_TIERS.map((t) => ({
        shopId: shop.id,
        name: t.name,
        minSpend: t.minSpend,
        benefits: t.benefits.join("\n"),
        multiplier: t.multiplier,
        color: t.color,
      })),
    });
  if ((await db.loyaltyPointValue.count({ where: { shopId: shop.id } })) === 0)
    await db.loyaltyPointValue.create({
      data: {
        shopId: shop.id,
        centiMinor: centiMinorFromDecimal(0.01, currencyDigits(shop.currency)),
        effectiveFrom: new Date(0),
      },
    });
  return created as Program;
}

export function listTiers(db: Db, shopId: string): Promise<TierRow[]> {
  return db.loyaltyTier.findMany({
    where: { shopId },
    orderBy: [{ minSpend: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      name: true,
      minSpend: true,
      benefits: true,
      multiplier: true,
      color: true,
      pendingMinSpend: true,
      pendingMultiplier: true,
      pendingFrom: true,
    },
  });
}

/** The points value (hundredths of a minor unit per point) in force at `at`. */
export async function pointValueAt(db: Db, shopId: string, at: Date): Promise<number> {
  const row = await db.loyaltyPointValue.findFirst({
    where: { shopId, effectiveFrom: { lte: at } },
    orderBy: [{ effectiveFrom: "desc" }, { createdAt: "desc" }],
    select: { centiMinor: true },
  });
  return row?.centiMinor ?? 0;
}

/** Net spend (after discounts and refunds, no tax or shipping) of a customer's orders in [from, before). */
async function qualifyingSpend(db: Db, shopId: string, customerId: string, from: Date | null, before: Date | null) {
  const s = await db.order.aggregate({
    where: {
      shopId,
      customerId,
      cancelledAt: null,
      processedAt: { ...(from ? { gte: from } : {}), ...(before ? { lt: before } : {}) },
    },
    _sum: { grossSalesMinor: true, discountsMinor: true, refundsMinor: true },
  });
  return (s._sum.grossSalesMinor ?? 0) - (s._sum.discountsMinor ?? 0) - (s._sum.refundsMinor ?? 0);
}

async function balanceOfCustomer(db: Db, shopId: string, customerId: string): Promise<number> {
  const s = await db.loyaltyLedgerEntry.aggregate({ where: { shopId, customerId }, _sum: { points: true } });
  return s._sum.points ?? 0;
}

type NewEntry = {
  customerId: string;
  kind: string;
  points: number;
  key: string;
  occurredAt: Date;
  day: string;
  orderId?: string;
  redemptionId?: string;
  eligibleMinor?: number;
  orderTotalMinor?: number;
  note?: string;
};

async function append(db: Db, shopId: string, e: NewEntry) {
  await appendEntry(db, { shopId, ...e });
}

type EntryData = Parameters<PrismaClient["loyaltyLedgerEntry"]["create"]>[0]["data"] & {
  shopId: string;
  day: string;
  kind: string;
  points: number;
};

/**
 * The one way an entry is written: the entry and its day's per-kind sum (LoyaltyDay), in
 * the caller's transaction, so the rollup always equals the ledger.
 */
export async function appendEntry(db: Db, data: EntryData) {
  const entry = await db.loyaltyLedgerEntry.create({ data });
  await db.loyaltyDay.upsert({
    where: { shopId_day_kind: { shopId: data.shopId, day: data.day, kind: data.kind } },
    create: { shopId: data.shopId, day: data.day, kind: data.kind, points: data.points },
    update: { points: { increment: data.points } },
  });
  return entry;
}

/**
 * Posts what an order means for its customer's points: the award when it counts (once),
 * a reversal for each refund not yet reversed, and the rest reversed when it is cancelled.
 * Runs inside the webhook's or import's transaction; every entry's key makes a replay a no-op.
 */
export async function postOrder(db: Db, shop: ShopRef, orderId: string): Promise<void> {
  const order = await db.order.findFirst({
    where: { id: orderId, shopId: shop.id },
    select: {
      id: true,
      customerId: true,
      processedAt: true,
      day: true,
      grossSalesMinor: true,
      discountsMinor: true,
      refundsMinor: true,
      totalMinor: true,
      financialStatus: true,
      cancelledAt: true,
      refunds: {
        select: { id: true, amountMinor: true, processedAt: true, day: true },
        orderBy: { processedAt: "asc" },
      },
    },
  });
  if (!order?.customerId) return;
  const customerId = order.customerId;
  const program = await ensureProgram(db, shop);
  const member = await db.loyaltyMember.findUnique({ where: { shopId_customerId: { shopId: shop.id, customerId } } });
  if (!member && !program.autoEnroll) return;

  const entries = await db.loyaltyLedgerEntry.findMany({
    where: { shopId: shop.id, orderId: order.id },
    select: { key: true, kind: true, points: true, eligibleMinor: true, orderTotalMinor: true },
  });
  const keys = new Set(entries.map((e) => e.key));
  let earn = entries.find((e) => e.kind === "earn");
  let changed = false;
  // What this posting adds to the member's cached sums (rewritten incrementally below).
  let balanceDelta = 0;
  let earnedDelta = 0;
  let spendAfter: number | null = null;
  let tiers: TierRow[] | null = null;

  if (!earn && orderCounts(program.orderRule, order)) {
    const digits = currencyDigits(shop.currency);
    tiers = await listTiers(db, shop.id);
    const spend = await qualifyingSpend(
      db,
      shop.id,
      customerId,
      windowStart(program.tierWindow, order.processedAt),
      order.processedAt,
    );
    // The tiers in force when the order was placed (a scheduled change counts from its date).
    const tier = tierFor(tiersAt(tiers, order.processedAt), spend, digits);
    const campaigns = await db.loyaltyCampaign.findMany({
      where: { shopId: shop.id, startsAt: { lte: order.processedAt }, endsAt: { gte: order.processedAt } },
      select: { multiplier: true, stacking: true, tierId: true, segment: true },
    });
    // A segment limit reads the customer's stored segment as it is when the order is posted.
    const segment = campaigns.some((c) => c.segment)
      ? ((await storedSegments(db, shop.id, [customerId])).get(customerId) ?? null)
      : null;
    const applying = campaigns
      .filter((c) => campaignApplies(c, tier?.id ?? null, segment))
      .map((c) => ({ multiplier: c.multiplier, stacking: c.stacking as Stacking }));
    const eligible = eligibleMinor(order);
    const campaign = campaignMultiplier(applying);
    const points = earnPoints({
      eligibleMinor: eligible,
      digits,
      baseRate: program.baseRate,
      tierMultiplier: tier?.multiplier ?? 1,
      campaignMultiplier: campaign,
    });
    earn = {
      key: `earn:${order.id}`,
      kind: "earn",
      points,
      eligibleMinor: eligible,
      orderTotalMinor: order.totalMinor,
    };
    await append(db, shop.id, {
      customerId,
      ...earn,
      orderId: order.id,
      occurredAt: order.processedAt,
      day: order.day,
      orderTotalMinor: order.totalMinor,
      eligibleMinor: eligible,
      note: `rate ${program.baseRate} × tier ${tier?.multiplier ?? 1}${tier ? ` (${tier.name})` : ""} × campaigns ${campaign}`,
    });
    balanceDelta += points;
    earnedDelta += points;
    // The spend before this order plus its own is the member's spend now when nothing came
    // after it: a lifetime window and a fresh order (the webhook's case). Otherwise re-read.
    if (program.tierWindow === "lifetime" && Date.now() - order.processedAt.getTime() < 3_600_000)
      spendAfter = spend + order.grossSalesMinor - order.discountsMinor - order.refundsMinor;
    changed = true;
  }

  if (earn && earn.points > 0) {
    // What each refund reverses follows from the earn entry and the refunds before it,
    // so it is the same whether the refunds are posted together or one delivery at a time.
    let reversedDue = 0;
    let refundedBefore = 0;
    let balance: number | null = null;
    const debit = async (key: string, due: number, at: Date, day: string, why?: string) => {
      balance ??= (await balanceOfCustomer(db, shop.id, customerId)) + balanceDelta;
      const points = cappedDebit(balance, due);
      const short = points < due ? `${due - points} points already spent` : undefined;
      await append(db, shop.id, {
        customerId,
        kind: "reverse",
        points: -points,
        key,
        orderId: order.id,
        occurredAt: at,
        day,
        note: [why, short].filter(Boolean).join("; ") || undefined,
      });
      balance -= points;
      balanceDelta -= points;
      changed = true;
    };
    for (const refund of order.refunds) {
      const due = refundReversal({
        earnedPoints: earn.points,
        orderTotalMinor: earn.orderTotalMinor ?? order.totalMinor,
        refundedBeforeMinor: refundedBefore,
        refundMinor: refund.amountMinor,
        alreadyReversed: reversedDue,
      });
      const key = `reverse:${refund.id}`;
      if (!keys.has(key)) await debit(key, due, refund.processedAt, refund.day);
      reversedDue += due;
      refundedBefore += refund.amountMinor;
    }
    if (order.cancelledAt && !keys.has(`cancel:${order.id}`))
      await debit(
        `cancel:${order.id}`,
        Math.max(0, earn.points - reversedDue),
        order.cancelledAt,
        dayInZone(order.cancelledAt, shop.timezone),
        "order cancelled",
      );
  }
  if (!changed) return;
  // The member's cache moves by exactly what was appended; spend is re-read only when a
  // refund or cancellation changed it (an award knows it already).
  tiers ??= await listTiers(db, shop.id);
  const spend =
    spendAfter ?? (await qualifyingSpend(db, shop.id, customerId, windowStart(program.tierWindow, new Date()), null));
  const tierId = tierFor(tiersAt(tiers, new Date()), spend, currencyDigits(shop.currency))?.id ?? null;
  const activity = order.processedAt;
  if (member)
    await db.loyaltyMember.update({
      where: { shopId_customerId: { shopId: shop.id, customerId } },
      data: {
        balance: { increment: balanceDelta },
        earned: { increment: earnedDelta },
        spendMinor: spend,
        tierId,
        ...(activity > member.lastActivityAt ? { lastActivityAt: activity } : {}),
      },
    });
  else await refreshMember(db, shop, customerId, program);
}

/** Rewrites one member's cached sums from the ledger and their orders. */
export async function refreshMember(db: Db, shop: ShopRef, customerId: string, program?: Program, now = new Date()) {
  const p = program ?? (await ensureProgram(db, shop));
  const [sums, tiers, spend, last] = await Promise.all([
    db.loyaltyLedgerEntry.groupBy({ by: ["kind"], where: { shopId: shop.id, customerId }, _sum: { points: true } }),
    listTiers(db, shop.id),
    qualifyingSpend(db, shop.id, customerId, windowStart(p.tierWindow, now), null),
    db.loyaltyLedgerEntry.findFirst({
      where: { shopId: shop.id, customerId },
      orderBy: { occurredAt: "desc" },
      select: { occurredAt: true },
    }),
  ]);
  const by = Object.fromEntries(sums.map((s) => [s.kind, s._sum.points ?? 0]));
  const balance = sums.reduce((s, r) => s + (r._sum.points ?? 0), 0);
  const tier = tierFor(tiersAt(tiers, now), spend, currencyDigits(shop.currency));
  const data = {
    balance,
    earned: by.earn ?? 0,
    redeemed: -(by.redeem ?? 0) - (by.reimburse ?? 0),
    spendMinor: spend,
    tierId: tier?.id ?? null,
    lastActivityAt: last?.occurredAt ?? now,
  };
  await db.loyaltyMember.upsert({
    where: { shopId_customerId: { shopId: shop.id, customerId } },
    create: { shopId: shop.id, customerId, ...data },
    update: data,
  });
}

/** Posts an order known by its Shopify id (the webhook effects' hook, after orders and refunds). */
export async function postShopifyOrder(
  db: Db,
  shop: ShopRef,
  orderShopifyId: string,
  discountCodes: string[] = [],
): Promise<void> {
  const order = await db.order.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: orderShopifyId } },
    select: { id: true, processedAt: true, day: true },
  });
  if (!order) return;
  await postOrder(db, shop, order.id);
  if (discountCodes.length) {
    const upper = discountCodes.map((c) => c.toUpperCase());
    const used = await db.loyaltyRedemption.updateMany({
      where: { shopId: shop.id, status: "issued", code: { in: upper } },
      data: { status: "used", usedOrderId: order.id, usedAt: order.processedAt, usedDay: order.day },
    });
    // The code's value is now in the order's Discounts: it leaves the loyalty cost that day.
    if (used.count > 0) await syncLoyaltyCost(db, shop.id, [order.day]);
  }
}
