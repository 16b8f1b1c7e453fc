// The backfill when a program starts (or after an import): every stored order posted to
// the ledger under the same keys the webhooks use, so running it again, or after the
// webhooks already posted some orders, writes nothing twice. Orders are read a month at
// a time through the (shopId, day) index and the entries written with multi-row
// INSERTs on one connection (sql-runner), the store import's fast path.
import { prisma } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { currencyDigits } from "~/lib/money";
import { inSqlTransaction, insertRows, bulkId, type SqlRunner, type SqlValue } from "~/platform/sql-runner.server";
import {
  campaignMultiplier,
  cappedDebit,
  eligibleMinor,
  orderEarning,
  orderCounts,
  parseLines,
  refundReversals,
  tierFor,
  tiersAt,
  campaignApplies,
  windowSpend,
  windowStart,
  type EarnedLine,
  type RefundedLine,
  type Stacking,
} from "~/features/loyalty/ledger";
import {
  ENTRY_COLUMNS,
  ENTRY_COLUMNS_WITHOUT_LINES,
  ensureProgram,
  linesWithCampaigns,
  listTiers,
  type ShopRef,
} from "~/features/loyalty/ledger.server";
import { storedSegments } from "~/features/customers/index.server";

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
  return withLargeCache(() => backfill(shop, now));
}

async function backfill(shop: ShopRef, now: Date): Promise<BackfillResult> {
  const program = await ensureProgram(prisma, shop);
  const tiers = await listTiers(prisma, shop.id);
  const campaigns = (
    await prisma.loyaltyCampaign.findMany({
      where: { shopId: shop.id },
      select: {
        multiplier: true,
        stacking: true,
        tierId: true,
        segment: true,
        collectionId: true,
        startsAt: true,
        endsAt: true,
      },
    })
  ).map((c) => ({ ...c, from: c.startsAt.getTime(), to: c.endsAt.getTime(), stacking: c.stacking as Stacking }));
  // Collection limits (decision 072): each collection's products as stored now, loaded once.
  const limited = campaigns.filter((c) => c.collectionId);
  const members = new Map<string, Set<string>>();
  if (limited.length)
    for (const m of await prisma.collectionProduct.findMany({
      where: { shopId: shop.id, collectionId: { in: limited.map((c) => c.collectionId as string) } },
      select: { collectionId: true, productId: true },
    })) {
      const set = members.get(m.collectionId) ?? new Set<string>();
      set.add(m.productId);
      members.set(m.collectionId, set);
    }
  // Segment limits read each customer's stored segment (loaded once, only when a campaign has one).
  const segments = campaigns.some((c) => c.segment) ? await storedSegments(prisma, shop.id) : new Map();
  // The tiers in force at an order's time: only a scheduled change makes them differ.
  const scheduled = tiers.some((t) => t.pendingFrom);
  const tiersOf = (at: Date) => (scheduled ? tiersAt(tiers, at) : tiers);
  const digits = currencyDigits(shop.currency);

  // What the ledger holds already (posted by the webhooks or an earlier run): the keys, and
  // each customer's sums by kind, which the run then carries forward in memory.
  const { existing, sums, refundsOf } = await inSqlTransaction(async (sql) => {
    // Every key of the shop, read from the (shopId, key) index alone (filtered by kind, each
    // key was looked up in the table: 5 s at a million); only earn: and reverse: keys are asked.
    const keys = await sql.all<{ key: string }>(`SELECT "key" FROM "LoyaltyLedgerEntry" WHERE "shopId" = ?`, [shop.id]);
    const sums = await ledgerSums(sql, shop.id);
    // Every stored refund by order, in the order they were made (reversed after the earn pass).
    const refunds = await sql.all<RefundRow>(
      `SELECT "id", "orderId", "amountMinor", "processedAt", "day", "lines" FROM "Refund" WHERE "shopId" = ?
        ORDER BY "orderId", "processedAt", "id"`,
      [shop.id],
    );
    const refundsOf = new Map<string, RefundRow[]>();
    for (const r of refunds) {
      const list = refundsOf.get(r.orderId);
      if (list) list.push(r);
      else refundsOf.set(r.orderId, [r]);
    }
    return { existing: new Set(keys.map((e) => e.key)), sums, refundsOf };
  });
  // The earn entries of orders with refunds, as this run writes them (the refund pass reads them here).
  const earnedNow = new Map<string, EarnRecord>();
  const enrolled = program.autoEnroll
    ? null
    : new Set(
        (await prisma.loyaltyMember.findMany({ where: { shopId: shop.id }, select: { customerId: true } })).map(
          (m) => m.customerId,
        ),
      );
  const range = await dayRange(shop.id);
  const result: BackfillResult = { orders: 0, earned: 0, reversed: 0, members: 0 };
  if (!range) {
    await rebuildDays(shop.id);
    return { ...result, members: await rebuildMembers(shop, now) };
  }
  let inserted = 0;

  // Per customer: running lifetime spend (the common case) or the dated history for windows.
  const lifetime = program.tierWindow === "lifetime";
  const spendSoFar = new Map<string, number>();
  const history = new Map<string, { at: Date; amountMinor: number }[]>();
  const created = new Date();

  for (let from = `${range.first.slice(0, 7)}-01`; from <= range.last; from = nextMonth(from)) {
    const to = nextMonth(from);
    await inSqlTransaction(async (sql) => {
      const orders = await sql.all<OrderRow>(
        `SELECT "id", "customerId", "processedAt", "day", "grossSalesMinor", "discountsMinor", "refundsMinor",
                "totalMinor", "financialStatus", "cancelledAt"
           FROM "Order" WHERE "shopId" = ? AND "day" >= ? AND "day" < ? AND "customerId" IS NOT NULL`,
        [shop.id, from, to],
      );
      // A collection-limited campaign running this month needs the month's lines (decision 072).
      const monthFrom = Date.parse(`${from}T00:00:00Z`) - 86_400_000;
      const monthTo = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
      const linesOf = new Map<string, LineRow[]>();
      if (limited.some((c) => c.from < monthTo && c.to >= monthFrom))
        for (const l of await sql.all<LineRow>(
          `SELECT "orderId", "id", "shopifyId", "productId", "quantity", "unitPriceMinor", "discountMinor"
             FROM "OrderLine" WHERE "shopId" = ? AND "day" >= ? AND "day" < ?`,
          [shop.id, from, to],
        )) {
          const list = linesOf.get(l.orderId);
          if (list) list.push(l);
          else linesOf.set(l.orderId, [l]);
        }
      // The insert takes values as the driver does: the order's time as read (SQLite's text is
      // already in the form Prisma writes) and the run's one creation time converted once.
      const createdValue = sql.convert(created) as SqlValue;
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
        const lines = applying.some((c) => c.collectionId)
          ? linesWithCampaigns(
              (linesOf.get(o.id) ?? [])
                .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
                .flatMap((l): (LineRow & { collectionId: string | null })[] => {
                  const ins = limited
                    .map((c) => c.collectionId as string)
                    .filter((c, i, all) => all.indexOf(c) === i && l.productId && members.get(c)?.has(l.productId));
                  return ins.length
                    ? ins.map((collectionId) => ({ ...l, collectionId }))
                    : [{ ...l, collectionId: null }];
                }),
              applying,
            )
          : null;
        const campaign = campaignMultiplier(applying.filter((c) => !c.collectionId));
        const { points, lines: earned } = orderEarning({
          eligibleMinor: eligible,
          digits,
          baseRate: program.baseRate,
          tierMultiplier: tier?.multiplier ?? 1,
          campaignMultiplier: campaign,
          lines,
        });
        sums.add(o.customerId, "earn", points, at.getTime());
        if (refundsOf.has(o.id))
          earnedNow.set(o.id, { points, orderTotalMinor: num(o.totalMinor), customerId: o.customerId, lines: earned });
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
          `backfill: rate ${program.baseRate} × tier ${tier?.multiplier ?? 1} × campaigns ${
            earned ? "per line (collection)" : campaign
          }`,
          sql.convert(o.processedAt) as SqlValue,
          o.day,
          createdValue,
          // The lines column only when a collection campaign exists (one bound value fewer per row otherwise).
          ...(limited.length ? [earned ? JSON.stringify(earned) : null] : []),
        ]);
        result.earned += points;
      }
      await insertRows(
        sql,
        "LoyaltyLedgerEntry",
        limited.length ? ENTRY_COLUMNS : ENTRY_COLUMNS_WITHOUT_LINES,
        byCustomer(rows),
      );
      inserted += rows.length;
    });
  }

  const reversals = await backfillRefunds(shop, existing, refundsOf, earnedNow, sums, sums.count + inserted, created);
  result.reversed = reversals.points;
  inserted += reversals.rows;
  await rebuildDays(shop.id);
  // The members from the sums carried in memory, unless another writer added entries meanwhile.
  const spendNow = (customerId: string) => {
    if (lifetime) return spendSoFar.get(customerId) ?? 0;
    const from = windowStart(program.tierWindow, now)?.getTime() ?? -Infinity;
    let sum = 0;
    for (const h of history.get(customerId) ?? []) if (h.at.getTime() >= from) sum += h.amountMinor;
    return sum;
  };
  result.members =
    (await writeMembersFromMemory(shop, now, sums, spendNow, sums.count + inserted)) ??
    (await rebuildMembers(shop, now));
  return result;
}

/**
 * The first and last day of the shop's orders, each one step down the (shopId, day) index
 * (Prisma's aggregate of both, limited to orders with a customer, read every order: 0.4 s
 * at 100,000). Months without an order of a customer are then read and skipped.
 */
async function dayRange(shopId: string): Promise<{ first: string; last: string } | null> {
  return inSqlTransaction(async (sql) => {
    const [first] = await sql.all<{ day: string | null }>(
      `SELECT MIN("day") AS "day" FROM "Order" WHERE "shopId" = ?`,
      [shopId],
    );
    const [last] = await sql.all<{ day: string | null }>(`SELECT MAX("day") AS "day" FROM "Order" WHERE "shopId" = ?`, [
      shopId,
    ]);
    return first?.day && last?.day ? { first: first.day, last: last.day } : null;
  });
}

/**
 * The rows sorted by customer (column 2) before a multi-row INSERT: the ledger's
 * (shop, customer, …) index is then written in one sweep per batch instead of at
 * random places, which at a million entries no longer fit SQLite's page cache.
 */
function byCustomer(rows: SqlValue[][]): SqlValue[][] {
  return rows.sort((a, b) => ((a[2] as string) < (b[2] as string) ? -1 : (a[2] as string) > (b[2] as string) ? 1 : 0));
}

/** SQLite's page cache for the backfill's connection while it runs: the ledger's indexes at a million entries. */
const BACKFILL_CACHE_KIB = 512 * 1024;

/**
 * Runs the backfill's writes with a page cache large enough to hold the ledger's indexes
 * (SQLite only; the connection's own size is restored after): inserts then find the index
 * pages in memory instead of reading them back from the file for every batch.
 */
async function withLargeCache<T>(fn: () => Promise<T>): Promise<T> {
  const before = await inSqlTransaction(async (sql) => {
    if (sql.dialect !== "sqlite") return null;
    const [row] = await sql.all<{ cache_size: number }>("PRAGMA cache_size");
    await sql.run(`PRAGMA cache_size = -${BACKFILL_CACHE_KIB}`);
    return row ? Number(row.cache_size) : null;
  });
  try {
    return await fn();
  } finally {
    if (before !== null) await inSqlTransaction((sql) => sql.run(`PRAGMA cache_size = ${before}`));
  }
}

type RefundRow = {
  id: string;
  orderId: string;
  amountMinor: number;
  processedAt: string | Date;
  day: string;
  lines: string | null;
};
type EarnRecord = { points: number; orderTotalMinor: number; customerId: string; lines: EarnedLine[] | null };
type LineRow = {
  orderId: string;
  id: string;
  shopifyId: string | null;
  productId: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
};

/** Each customer's ledger sums (balance, earned, redeemed) and latest entry, read once and carried forward by the run. */
class LedgerSums {
  readonly byCustomer = new Map<string, { balance: number; earned: number; redeemed: number; last: number }>();
  /** Entries in the shop's ledger when read, and points: the check that no one else wrote since. */
  count = 0;
  points = 0;
  add(customerId: string, kind: string, points: number, at: number, entries = 0) {
    let c = this.byCustomer.get(customerId);
    if (!c) this.byCustomer.set(customerId, (c = { balance: 0, earned: 0, redeemed: 0, last: 0 }));
    c.balance += points;
    if (kind === "earn") c.earned += points;
    else if (kind === "redeem" || kind === "reimburse") c.redeemed -= points;
    if (at > c.last) c.last = at;
    this.count += entries;
    this.points += points;
  }
  balance(customerId: string): number {
    return this.byCustomer.get(customerId)?.balance ?? 0;
  }
}

async function ledgerSums(sql: SqlRunner, shopId: string): Promise<LedgerSums> {
  const rows = await sql.all<{ customerId: string; kind: string; points: number; last: string | Date; n: number }>(
    `SELECT "customerId", "kind", SUM("points") AS "points", MAX("occurredAt") AS "last", COUNT(*) AS "n"
       FROM "LoyaltyLedgerEntry" WHERE "shopId" = ? GROUP BY "customerId", "kind"`,
    [shopId],
  );
  const sums = new LedgerSums();
  for (const r of rows) sums.add(r.customerId, r.kind, num(r.points), toDate(r.last).getTime(), num(r.n));
  return sums;
}

/** Whether the shop's ledger holds exactly `count` entries summing to `points` (an index-only count). */
async function ledgerIs(sql: SqlRunner, shopId: string, count: number, points: number): Promise<boolean> {
  const [row] = await sql.all<{ n: number; points: number }>(
    `SELECT COUNT(*) AS "n", SUM("points") AS "points" FROM "LoyaltyLedgerEntry" WHERE "shopId" = ?`,
    [shopId],
  );
  return num(row?.n) === count && num(row?.points) === points;
}

/**
 * Reversals for every stored refund of an order that earned, in the order they were made.
 * The earn entries this run wrote and the balances come from memory; an order that earned
 * before the run is joined to its entry, and the balances are read from the ledger if
 * another writer added entries since the run began.
 */
async function backfillRefunds(
  shop: ShopRef,
  existing: Set<string>,
  refundsOf: Map<string, RefundRow[]>,
  earnedNow: Map<string, EarnRecord>,
  sums: LedgerSums,
  entries: number,
  created: Date,
): Promise<{ points: number; rows: number }> {
  let total = 0;
  let written = 0;
  await inSqlTransaction(async (sql) => {
    const due = [...refundsOf].filter(([, list]) => list.some((r) => !existing.has(`reverse:${r.id}`)));
    if (due.length === 0) return;
    // Orders that earned before this run: their earn entries from the ledger.
    const earlier = due.filter(([orderId]) => !earnedNow.has(orderId)).map(([orderId]) => orderId);
    const earns = new Map(earnedNow);
    for (const slice of chunks(earlier, 500)) {
      const found = await sql.all<{
        orderId: string;
        points: number;
        orderTotalMinor: number | null;
        customerId: string;
        lines: string | null;
      }>(
        `SELECT "orderId", "points", "orderTotalMinor", "customerId", "lines" FROM "LoyaltyLedgerEntry"
          WHERE "shopId" = ? AND "key" IN (${slice.map(() => "?").join(", ")})`,
        [shop.id, ...slice.map((id) => `earn:${id}`)],
      );
      for (const e of found)
        earns.set(e.orderId, {
          points: num(e.points),
          orderTotalMinor: num(e.orderTotalMinor),
          customerId: e.customerId,
          lines: parseLines<EarnedLine>(e.lines),
        });
    }
    const exact = await ledgerIs(sql, shop.id, entries, sums.points);
    const balances = exact ? null : await balancesOf(sql, shop.id);
    const balanceOf = (customerId: string) => balances?.get(customerId) ?? (balances ? 0 : sums.balance(customerId));
    const rows: SqlValue[][] = [];
    for (const [orderId, refunds] of due) {
      const earn = earns.get(orderId);
      if (!earn || earn.points <= 0) continue;
      // As the posting does: per line when the earn recorded lines (decision 072), else by amount.
      const dues = refundReversals(
        earn,
        refunds.map((r) => ({ amountMinor: num(r.amountMinor), lines: parseLines<RefundedLine>(r.lines) })),
      );
      for (const [i, r] of refunds.entries()) {
        const owed = dues[i];
        const key = `reverse:${r.id}`;
        if (existing.has(key)) continue;
        const balance = balanceOf(earn.customerId);
        const points = cappedDebit(balance, owed);
        const at = toDate(r.processedAt);
        if (balances) balances.set(earn.customerId, balance - points);
        sums.add(earn.customerId, "reverse", -points, at.getTime());
        total += points;
        rows.push([
          bulkId(),
          shop.id,
          earn.customerId,
          "reverse",
          -points,
          key,
          orderId,
          null,
          null,
          points < owed ? `${owed - points} points already spent` : null,
          at,
          r.day,
          created,
        ]);
      }
    }
    await insertRows(sql, "LoyaltyLedgerEntry", ENTRY_COLUMNS_WITHOUT_LINES, byCustomer(rows));
    written = rows.length;
  });
  return { points: total, rows: written };
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

type MemberSums = { balance: number; earned: number; redeemed: number; last: number; enrolledAt: Date | null };

/**
 * Rewrites every member's cached sums from the ledger and the orders in one pass; the
 * member list is everyone with a ledger entry plus those enrolled by hand. Returns the count.
 */
export async function rebuildMembers(shop: ShopRef, now = new Date()): Promise<number> {
  const program = await ensureProgram(prisma, shop);
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
    const members = new Map<string, MemberSums>();
    for (const s of sums) {
      const m = memberOf(members, s.customerId);
      const points = num(s.points);
      m.balance += points;
      if (s.kind === "earn") m.earned += points;
      if (s.kind === "redeem" || s.kind === "reimburse") m.redeemed -= points;
      m.last = Math.max(m.last, toDate(s.last).getTime());
    }
    const spendOf = new Map(spend.map((s) => [s.customerId, num(s.spend)]));
    return writeMembers(sql, shop, members, (id) => spendOf.get(id) ?? 0, now);
  });
}

function memberOf(members: Map<string, MemberSums>, id: string): MemberSums {
  let m = members.get(id);
  if (!m) members.set(id, (m = { balance: 0, earned: 0, redeemed: 0, last: 0, enrolledAt: null }));
  return m;
}

/**
 * The backfill's member rebuild from the sums it carried in memory and the spend it
 * summed while reading the orders, in one transaction that first checks the ledger still
 * holds exactly the entries counted (append-only: a count and a sum tell). Null when another
 * writer posted meanwhile: the caller then rebuilds from the ledger.
 */
async function writeMembersFromMemory(
  shop: ShopRef,
  now: Date,
  sums: LedgerSums,
  spendOf: (customerId: string) => number,
  entries: number,
): Promise<number | null> {
  return inSqlTransaction(async (sql) => {
    if (!(await ledgerIs(sql, shop.id, entries, sums.points))) return null;
    const members = new Map<string, MemberSums>();
    for (const [customerId, c] of sums.byCustomer)
      members.set(customerId, {
        balance: c.balance,
        earned: c.earned,
        redeemed: c.redeemed,
        last: c.last,
        enrolledAt: null,
      });
    return writeMembers(sql, shop, members, spendOf, now);
  });
}

/** Replaces the shop's member rows by `members` (plus those enrolled by hand), placed in today's tiers. */
async function writeMembers(
  sql: SqlRunner,
  shop: ShopRef,
  members: Map<string, MemberSums>,
  spendOf: (customerId: string) => number,
  now: Date,
): Promise<number> {
  // Members are placed in the tiers as they stand now (a change scheduled for later does not count yet).
  const tiers = await sql.all<Record<string, unknown>>(
    `SELECT "id", "minSpend", "multiplier", "pendingMinSpend", "pendingMultiplier", "pendingFrom"
       FROM "LoyaltyTier" WHERE "shopId" = ? ORDER BY "minSpend", "createdAt"`,
    [shop.id],
  );
  const placed = tiersAt(
    tiers.map((t) => ({
      id: String(t.id),
      minSpend: num(t.minSpend),
      multiplier: num(t.multiplier),
      pendingMinSpend: t.pendingMinSpend === null ? null : num(t.pendingMinSpend),
      pendingMultiplier: t.pendingMultiplier === null ? null : num(t.pendingMultiplier),
      pendingFrom: t.pendingFrom === null ? null : toDate(t.pendingFrom as string | Date),
    })),
    now,
  );
  const digits = currencyDigits(shop.currency);
  const old = await sql.all<{ customerId: string; enrolledAt: string | Date }>(
    `SELECT "customerId", "enrolledAt" FROM "LoyaltyMember" WHERE "shopId" = ?`,
    [shop.id],
  );
  for (const o of old) memberOf(members, o.customerId).enrolledAt = toDate(o.enrolledAt);
  await sql.run(`DELETE FROM "LoyaltyMember" WHERE "shopId" = ?`, [shop.id]);
  const rows: SqlValue[][] = [];
  for (const [customerId, m] of members) {
    const s = spendOf(customerId);
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
}

/** Rewrites the shop's per-day sums (LoyaltyDay) from the ledger in one pass (after bulk inserts). */
export async function rebuildDays(shopId: string): Promise<void> {
  await inSqlTransaction(async (sql) => {
    await sql.run(`DELETE FROM "LoyaltyDay" WHERE "shopId" = ?`, [shopId]);
    await sql.run(
      `INSERT INTO "LoyaltyDay" ("shopId", "day", "kind", "points")
       SELECT "shopId", "day", "kind", SUM("points") FROM "LoyaltyLedgerEntry" WHERE "shopId" = ? GROUP BY "shopId", "kind", "day"`,
      [shopId],
    );
  });
}
