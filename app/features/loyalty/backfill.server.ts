// The backfill when a program starts (or after an import): every stored order posted to
// the ledger under the same keys the webhooks use, so running it again, or after the
// webhooks already posted some orders, writes nothing twice. Orders are read a month at
// a time through the (shopId, day) index and the entries written with multi-row
// INSERTs on one connection (sql-runner), the store import's fast path.
import { prisma } from "~/db.server";
import { currencyDigits } from "~/lib/money";
import { inSqlTransaction, insertRows, bulkId, type SqlRunner, type SqlValue } from "~/platform/sql-runner.server";
import {
  campaignMultiplier,
  cappedDebit,
  earnPoints,
  eligibleMinor,
  orderCounts,
  refundReversal,
  tierFor,
  tiersAt,
  campaignApplies,
  windowSpend,
  windowStart,
  type Stacking,
} from "~/features/loyalty/ledger";
import { ensureProgram, listTiers, type ShopRef } from "~/features/loyalty/ledger.server";
import { storedSegments } from "~/features/customers/index.server";

const ENTRY_COLUMNS = [
  "id",
  "shopId",
  "customerId",
  "kind",
  "points",
  "key",
  "orderId",
  "eligibleMinor",
  "orderTotalMinor",
  "note",
  "occurredAt",
  "day",
  "createdAt",
] as const;

type OrderRow = {
  id: string;
  customerId: string;
  processedAt: string | Date;
  day: string;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  totalMinor: number;
  financialStatus: string;
  cancelledAt: string | Date | null;
};

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const num = (v: unknown) => Number(v ?? 0);

/** First day of the month after `day` (YYYY-MM-DD). */
function nextMonth(day: string): string {
  const [y, m] = day.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

export type BackfillResult = { orders: number; earned: number; reversed: number; members: number };

export async function backfillLedger(shop: ShopRef, now = new Date()): Promise<BackfillResult> {
  const program = await ensureProgram(prisma, shop);
  const tiers = await listTiers(prisma, shop.id);
  const campaigns = (
    await prisma.loyaltyCampaign.findMany({
      where: { shopId: shop.id },
      select: { multiplier: true, stacking: true, tierId: true, segment: true, startsAt: true, endsAt: true },
    })
  ).map((c) => ({ ...c, from: c.startsAt.getTime(), to: c.endsAt.getTime(), stacking: c.stacking as Stacking }));
  // Segment limits read each customer's stored segment (loaded once, only when a campaign has one).
  const segments = campaigns.some((c) => c.segment) ? await storedSegments(prisma, shop.id) : new Map();
  // The tiers in force at an order's time: only a scheduled change makes them differ.
  const scheduled = tiers.some((t) => t.pendingFrom);
  const tiersOf = (at: Date) => (scheduled ? tiersAt(tiers, at) : tiers);
  const digits = currencyDigits(shop.currency);

  // Keys already posted (by the webhooks or an earlier run), read on the import's fast path.
  const existing = new Set(
    await inSqlTransaction(async (sql) =>
      (
        await sql.all<{ key: string }>(
          `SELECT "key" FROM "LoyaltyLedgerEntry" WHERE "shopId" = ? AND "kind" IN ('earn', 'reverse')`,
          [shop.id],
        )
      ).map((e) => e.key),
    ),
  );
  const enrolled = program.autoEnroll
    ? null
    : new Set(
        (await prisma.loyaltyMember.findMany({ where: { shopId: shop.id }, select: { customerId: true } })).map(
          (m) => m.customerId,
        ),
      );
  const range = await prisma.order.aggregate({
    where: { shopId: shop.id, customerId: { not: null } },
    _min: { day: true },
    _max: { day: true },
  });
  const result: BackfillResult = { orders: 0, earned: 0, reversed: 0, members: 0 };
  if (!range._min.day || !range._max.day) {
    await rebuildDays(shop.id);
    return { ...result, members: await rebuildMembers(shop, now) };
  }

  // Per customer: running lifetime spend (the common case) or the dated history for windows.
  const lifetime = program.tierWindow === "lifetime";
  const spendSoFar = new Map<string, number>();
  const history = new Map<string, { at: Date; amountMinor: number }[]>();
  const created = new Date();

  for (let from = `${range._min.day.slice(0, 7)}-01`; from <= range._max.day; from = nextMonth(from)) {
    const to = nextMonth(from);
    await inSqlTransaction(async (sql) => {
      const orders = await sql.all<OrderRow>(
        `SELECT "id", "customerId", "processedAt", "day", "grossSalesMinor", "discountsMinor", "refundsMinor",
                "totalMinor", "financialStatus", "cancelledAt"
           FROM "Order" WHERE "shopId" = ? AND "day" >= ? AND "day" < ? AND "customerId" IS NOT NULL`,
        [shop.id, from, to],
      );
      const timed = orders.map((o) => ({ o, at: toDate(o.processedAt) }));
      timed.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.o.id < b.o.id ? -1 : 1));
      const rows: SqlValue[][] = [];
      for (const { o, at } of timed) {
        result.orders++;
        const cancelledAt = o.cancelledAt ? toDate(o.cancelledAt) : null;
        const net = num(o.grossSalesMinor) - num(o.discountsMinor) - num(o.refundsMinor);
        const spend = lifetime
          ? (spendSoFar.get(o.customerId) ?? 0)
          : windowSpend(history.get(o.customerId) ?? [], at, program.tierWindow);
        if (!cancelledAt) {
          if (lifetime) spendSoFar.set(o.customerId, spend + net);
          else {
            const h = history.get(o.customerId) ?? [];
            h.push({ at, amountMinor: net });
            history.set(o.customerId, h);
          }
        }
        const key = `earn:${o.id}`;
        if (existing.has(key) || (enrolled && !enrolled.has(o.customerId))) continue;
        if (!orderCounts(program.orderRule, { financialStatus: o.financialStatus, cancelledAt })) continue;
        const tier = tierFor(tiersOf(at), spend, digits);
        const t = at.getTime();
        const segment = segments.get(o.customerId) ?? null;
        const applying = campaigns.filter(
          (c) => c.from <= t && t <= c.to && campaignApplies(c, tier?.id ?? null, segment),
        );
        const eligible = eligibleMinor({
          grossSalesMinor: num(o.grossSalesMinor),
          discountsMinor: num(o.discountsMinor),
        });
        const campaign = campaignMultiplier(applying);
        const points = earnPoints({
          eligibleMinor: eligible,
          digits,
          baseRate: program.baseRate,
          tierMultiplier: tier?.multiplier ?? 1,
          campaignMultiplier: campaign,
        });
        rows.push([
          bulkId(),
          shop.id,
          o.customerId,
          "earn",
          points,
          key,
          o.id,
          eligible,
          num(o.totalMinor),
          `backfill: rate ${program.baseRate} × tier ${tier?.multiplier ?? 1} × campaigns ${campaign}`,
          at,
          o.day,
          created,
        ]);
        result.earned += points;
      }
      await insertRows(sql, "LoyaltyLedgerEntry", ENTRY_COLUMNS, rows);
    });
  }

  result.reversed = await backfillRefunds(shop, existing, created);
  await rebuildDays(shop.id);
  result.members = await rebuildMembers(shop, now);
  return result;
}

/** Reversals for every stored refund of an order that earned, in the order they were made. */
async function backfillRefunds(shop: ShopRef, existing: Set<string>, created: Date): Promise<number> {
  let total = 0;
  await inSqlTransaction(async (sql) => {
    const refunds = await sql.all<{
      id: string;
      orderId: string;
      amountMinor: number;
      processedAt: string | Date;
      day: string;
      points: number;
      orderTotalMinor: number | null;
      customerId: string;
    }>(
      `SELECT r."id", r."orderId", r."amountMinor", r."processedAt", r."day", e."points", e."orderTotalMinor", e."customerId"
         FROM "Refund" r
         JOIN "LoyaltyLedgerEntry" e ON e."shopId" = r."shopId" AND e."key" = 'earn:' || r."orderId"
        WHERE r."shopId" = ? AND e."points" > 0
        ORDER BY r."orderId", r."processedAt", r."id"`,
      [shop.id],
    );
    if (refunds.length === 0) return;
    const balances = await balancesOf(sql, shop.id);
    const rows: SqlValue[][] = [];
    let order = "";
    let reversedDue = 0;
    let refundedBefore = 0;
    for (const r of refunds) {
      if (r.orderId !== order) {
        order = r.orderId;
        reversedDue = 0;
        refundedBefore = 0;
      }
      const due = refundReversal({
        earnedPoints: num(r.points),
        orderTotalMinor: num(r.orderTotalMinor),
        refundedBeforeMinor: refundedBefore,
        refundMinor: num(r.amountMinor),
        alreadyReversed: reversedDue,
      });
      reversedDue += due;
      refundedBefore += num(r.amountMinor);
      const key = `reverse:${r.id}`;
      if (existing.has(key)) continue;
      const balance = balances.get(r.customerId) ?? 0;
      const points = cappedDebit(balance, due);
      balances.set(r.customerId, balance - points);
      total += points;
      rows.push([
        bulkId(),
        shop.id,
        r.customerId,
        "reverse",
        -points,
        key,
        r.orderId,
        null,
        null,
        points < due ? `${due - points} points already spent` : null,
        toDate(r.processedAt),
        r.day,
        created,
      ]);
    }
    await insertRows(sql, "LoyaltyLedgerEntry", ENTRY_COLUMNS, rows);
  });
  return total;
}

async function balancesOf(sql: SqlRunner, shopId: string): Promise<Map<string, number>> {
  const rows = await sql.all<{ customerId: string; balance: number }>(
    `SELECT "customerId", SUM("points") AS "balance" FROM "LoyaltyLedgerEntry" WHERE "shopId" = ? GROUP BY "customerId"`,
    [shopId],
  );
  return new Map(rows.map((r) => [r.customerId, num(r.balance)]));
}

const MEMBER_COLUMNS = [
  "shopId",
  "customerId",
  "balance",
  "earned",
  "redeemed",
  "spendMinor",
  "tierId",
  "enrolledAt",
  "lastActivityAt",
] as const;

/**
 * Rewrites every member's cached sums from the ledger and the orders in one pass; the
 * member list is everyone with a ledger entry plus those enrolled by hand. Returns the count.
 */
export async function rebuildMembers(shop: ShopRef, now = new Date()): Promise<number> {
  const program = await ensureProgram(prisma, shop);
  // Members are placed in the tiers as they stand now (a change scheduled for later does not count yet).
  const placed = tiersAt(await listTiers(prisma, shop.id), now);
  const digits = currencyDigits(shop.currency);
  const from = windowStart(program.tierWindow, now);
  return inSqlTransaction(async (sql) => {
    const sums = await sql.all<{ customerId: string; kind: string; points: number; last: string | Date }>(
      `SELECT "customerId", "kind", SUM("points") AS "points", MAX("occurredAt") AS "last"
         FROM "LoyaltyLedgerEntry" WHERE "shopId" = ? GROUP BY "customerId", "kind"`,
      [shop.id],
    );
    const spend = await sql.all<{ customerId: string; spend: number }>(
      `SELECT "customerId", SUM("grossSalesMinor" - "discountsMinor" - "refundsMinor") AS "spend"
         FROM "Order" WHERE "shopId" = ? AND "customerId" IS NOT NULL AND "cancelledAt" IS NULL
         ${from ? `AND "processedAt" >= ?` : ""}
        GROUP BY "customerId"`,
      from ? [shop.id, from] : [shop.id],
    );
    const old = await sql.all<{ customerId: string; enrolledAt: string | Date }>(
      `SELECT "customerId", "enrolledAt" FROM "LoyaltyMember" WHERE "shopId" = ?`,
      [shop.id],
    );
    type M = { balance: number; earned: number; redeemed: number; last: number; enrolledAt: Date | null };
    const members = new Map<string, M>();
    const get = (id: string) => {
      let m = members.get(id);
      if (!m) members.set(id, (m = { balance: 0, earned: 0, redeemed: 0, last: 0, enrolledAt: null }));
      return m;
    };
    for (const o of old) get(o.customerId).enrolledAt = toDate(o.enrolledAt);
    for (const s of sums) {
      const m = get(s.customerId);
      const points = num(s.points);
      m.balance += points;
      if (s.kind === "earn") m.earned += points;
      if (s.kind === "redeem" || s.kind === "reimburse") m.redeemed -= points;
      m.last = Math.max(m.last, toDate(s.last).getTime());
    }
    const spendOf = new Map(spend.map((s) => [s.customerId, num(s.spend)]));
    await sql.run(`DELETE FROM "LoyaltyMember" WHERE "shopId" = ?`, [shop.id]);
    const rows: SqlValue[][] = [];
    for (const [customerId, m] of members) {
      const s = spendOf.get(customerId) ?? 0;
      const enrolledAt = m.enrolledAt ?? (m.last ? new Date(m.last) : now);
      rows.push([
        shop.id,
        customerId,
        m.balance,
        m.earned,
        m.redeemed,
        s,
        tierFor(placed, s, digits)?.id ?? null,
        enrolledAt,
        m.last ? new Date(m.last) : enrolledAt,
      ]);
    }
    await insertRows(sql, "LoyaltyMember", MEMBER_COLUMNS, rows);
    return rows.length;
  });
}

/** Rewrites the shop's per-day sums (LoyaltyDay) from the ledger in one pass (after bulk inserts). */
export async function rebuildDays(shopId: string): Promise<void> {
  await inSqlTransaction(async (sql) => {
    await sql.run(`DELETE FROM "LoyaltyDay" WHERE "shopId" = ?`, [shopId]);
    await sql.run(
      `INSERT INTO "LoyaltyDay" ("shopId", "day", "kind", "points")
       SELECT "shopId", "day", "kind", SUM("points") FROM "LoyaltyLedgerEntry" WHERE "shopId" = ? GROUP BY "shopId", "day", "kind"`,
      [shopId],
    );
  });
}
