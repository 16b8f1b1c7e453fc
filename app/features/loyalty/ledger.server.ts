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
  eligibleMinor,
  orderCounts,
  orderEarning,
  parseLines,
  refundReversals,
  tierFor,
  tiersAt,
  windowStart,
  type CampaignRate,
  type EarnLineInput,
  type EarnedLine,
  type OrderRule,
  type RefundedLine,
  type Stacking,
  type TierWindow,
} from "~/features/loyalty/ledger";
import { syncLoyaltyCost } from "~/features/loyalty/cost.server";
import { storedSegments } from "~/features/customers/index.server";
import { bulkId, marks, sqlThrough, type SqlRunner, type SqlValue } from "~/platform/sql-runner.server";

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

/** The ledger's columns in the order the multi-row INSERTs write them (posting and the backfill). */
export const ENTRY_COLUMNS = [
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
  "lines",
] as const;

/** The same without the per-line record (decision 072): the backfill's rows when no campaign is limited to a collection. */
export const ENTRY_COLUMNS_WITHOUT_LINES = ENTRY_COLUMNS.slice(0, -1) as readonly (typeof ENTRY_COLUMNS)[number][];

type PostedEntry = {
  customerId: string;
  kind: string;
  points: number;
  key: string;
  orderId: string;
  occurredAt: Date;
  day: string;
  eligibleMinor?: number;
  orderTotalMinor?: number;
  note?: string;
  /** The per-line record of an earn (decision 072), JSON. */
  lines?: string;
};

/**
 * A posting's entries and their days' per-kind sums (LoyaltyDay) in two statements, in the
 * caller's transaction: one multi-row INSERT, one multi-row upsert of the rollup.
 */
async function appendEntries(sql: SqlRunner, shopId: string, entries: readonly PostedEntry[]) {
  if (entries.length === 0) return;
  const created = new Date();
  const params: SqlValue[] = [];
  for (const e of entries)
    params.push(
      bulkId(),
      shopId,
      e.customerId,
      e.kind,
      e.points,
      e.key,
      e.orderId,
      e.eligibleMinor ?? null,
      e.orderTotalMinor ?? null,
      e.note ?? null,
      e.occurredAt,
      e.day,
      created,
      e.lines ?? null,
    );
  await sql.run(
    `INSERT INTO "LoyaltyLedgerEntry" (${ENTRY_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES ${entries
      .map(() => marks(ENTRY_COLUMNS.length))
      .join(", ")}`,
    params,
  );
  // One row per day and kind: PostgreSQL refuses an upsert that touches a row twice.
  const days = new Map<string, { day: string; kind: string; points: number }>();
  for (const e of entries) {
    const k = `${e.day} ${e.kind}`;
    const d = days.get(k);
    if (d) d.points += e.points;
    else days.set(k, { day: e.day, kind: e.kind, points: e.points });
  }
  await sql.run(
    `INSERT INTO "LoyaltyDay" ("shopId", "day", "kind", "points") VALUES ${[...days.values()]
      .map(() => "(?, ?, ?, ?)")
      .join(", ")}
     ON CONFLICT ("shopId", "day", "kind") DO UPDATE SET "points" = "LoyaltyDay"."points" + excluded."points"`,
    [...days.values()].flatMap((d) => [shopId, d.day, d.kind, d.points]),
  );
}

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : toDate(v));
const bool = (v: unknown) => v === true || Number(v) === 1;
const EPOCH = new Date(0);

/** The order, the shop's program and the customer's member row in one statement. */
const HEAD_SQL = (where: string) => `
  SELECT o."id", o."customerId", o."processedAt", o."day", o."grossSalesMinor", o."discountsMinor",
         o."refundsMinor", o."totalMinor", o."financialStatus", o."cancelledAt",
         p."shopId" AS "programShopId", p."name" AS "programName", p."autoEnroll", p."baseRate",
         p."expiryMonths", p."orderRule", p."tierWindow", p."expectedRedemptionRate", p."startedAt",
         m."customerId" AS "memberId", m."lastActivityAt"
    FROM "Order" o
    LEFT JOIN "LoyaltyProgram" p ON p."shopId" = o."shopId"
    LEFT JOIN "LoyaltyMember" m ON m."shopId" = o."shopId" AND m."customerId" = o."customerId"
   WHERE o."shopId" = ? AND ${where}`;

/**
 * Everything else a posting reads, in one statement: the tiers, the campaigns running when
 * the order was placed, the order's entries so far, its refunds, and the customer's
 * qualifying spend before the order (its window) and now (the window as of now), with their
 * ledger balance. Rows are told apart by "what"; the columns are shared, and each number goes
 * in a column whose first-branch column has a fitting type: Prisma's SQLite adapter types a
 * column by the first SELECT's declared type (or first value) and truncates every value of an
 * integer column, so a campaign's 1.5 in the tiers' `minSpend` column read 1 (found by the
 * bench). Fractions (multipliers) go in n2 and n4, the tiers' Float columns. The refunds are
 * found by the order's id: the CAST keeps SQLite from reading every refund of the shop
 * through the (shopId, shopifyId) index instead (found at a million orders). The order's
 * entries are found by their keys (earn: and cancel: of the order, reverse: of each of its
 * refunds) through the unique (shopId, key) index, so the ledger needs no (shopId, orderId)
 * index, one less for every entry the backfill writes. Texts share "text" and "day": a campaign's
 * segment and collection, an entry's and a refund's recorded lines (decision 072).
 */
const REST_SQL = `
  SELECT 'tier' AS "what", t."id" AS "id", t."name" AS "name", NULL AS "text", t."minSpend" AS "n1",
         t."multiplier" AS "n2", t."pendingMinSpend" AS "n3", t."pendingMultiplier" AS "n4",
         t."pendingFrom" AS "at", t."createdAt" AS "at2", NULL AS "day"
    FROM "LoyaltyTier" t WHERE t."shopId" = ?
  UNION ALL
  SELECT 'campaign', c."tierId", c."stacking", c."segment", NULL, c."multiplier", NULL, NULL, NULL, NULL, c."collectionId"
    FROM "LoyaltyCampaign" c WHERE c."shopId" = ? AND c."startsAt" <= ? AND c."endsAt" >= ?
  UNION ALL
  SELECT 'entry', e."key", e."kind", e."lines", e."points", e."eligibleMinor", e."orderTotalMinor", NULL, NULL, NULL, NULL
    FROM "LoyaltyLedgerEntry" e WHERE e."shopId" = ? AND e."key" IN (?, ?)
  UNION ALL
  SELECT 'entry', e."key", e."kind", e."lines", e."points", e."eligibleMinor", e."orderTotalMinor", NULL, NULL, NULL, NULL
    FROM "Refund" r JOIN "LoyaltyLedgerEntry" e ON e."shopId" = ? AND e."key" = 'reverse:' || r."id"
   WHERE r."orderId" = ? AND CAST(r."shopId" AS TEXT) = ?
  UNION ALL
  SELECT 'refund', r."id", NULL, r."lines", r."amountMinor", NULL, NULL, NULL, r."processedAt", NULL, r."day"
    FROM "Refund" r WHERE r."orderId" = ? AND CAST(r."shopId" AS TEXT) = ?
  UNION ALL
  SELECT 'sums', NULL, NULL, NULL,
         (SELECT SUM(CASE WHEN s."processedAt" >= ? AND s."processedAt" < ?
                          THEN s."grossSalesMinor" - s."discountsMinor" - s."refundsMinor" ELSE 0 END)
            FROM "Order" s WHERE s."shopId" = ? AND s."customerId" = ? AND s."cancelledAt" IS NULL),
         (SELECT SUM(CASE WHEN s."processedAt" >= ?
                          THEN s."grossSalesMinor" - s."discountsMinor" - s."refundsMinor" ELSE 0 END)
            FROM "Order" s WHERE s."shopId" = ? AND s."customerId" = ? AND s."cancelledAt" IS NULL),
         (SELECT SUM(b."points") FROM "LoyaltyLedgerEntry" b WHERE b."shopId" = ? AND b."customerId" = ?),
         NULL, NULL, NULL, NULL`;

type RestRow = {
  what: string;
  id: string | null;
  name: string | null;
  text: string | null;
  n1: unknown;
  n2: unknown;
  n3: unknown;
  n4: unknown;
  at: unknown;
  at2: unknown;
  day: string | null;
};

/**
 * Posts what an order means for its customer's points: the award when it counts (once),
 * a reversal for each refund not yet reversed, and the rest reversed when it is cancelled.
 * Runs inside the webhook's or import's transaction; every entry's key makes a replay a no-op.
 * Two reads (the order with program and member; tiers, campaigns, entries, refunds and sums)
 * and at most three writes (entries, day rollup, member), in plain SQL (decision 066).
 */
export async function postOrder(db: Db, shop: ShopRef, orderId: string): Promise<void> {
  await post(db, shop, `o."id" = ?`, orderId);
}

async function post(db: Db, shop: ShopRef, where: string, value: string) {
  const sql = sqlThrough(db);
  const [head] = await sql.all<Record<string, unknown>>(HEAD_SQL(where), [shop.id, value]);
  if (!head?.customerId) return null;
  const order = {
    id: String(head.id),
    customerId: String(head.customerId),
    processedAt: toDate(head.processedAt),
    day: String(head.day),
    grossSalesMinor: num(head.grossSalesMinor),
    discountsMinor: num(head.discountsMinor),
    refundsMinor: num(head.refundsMinor),
    totalMinor: num(head.totalMinor),
    financialStatus: String(head.financialStatus),
    cancelledAt: dateOrNull(head.cancelledAt),
  };
  const customerId = order.customerId;
  const program: Program = head.programShopId
    ? {
        shopId: shop.id,
        name: String(head.programName),
        autoEnroll: bool(head.autoEnroll),
        baseRate: num(head.baseRate),
        expiryMonths: numOrNull(head.expiryMonths),
        orderRule: String(head.orderRule) as OrderRule,
        tierWindow: String(head.tierWindow) as TierWindow,
        expectedRedemptionRate: num(head.expectedRedemptionRate),
        startedAt: toDate(head.startedAt),
      }
    : await ensureProgram(db, shop);
  const member = head.memberId ? { lastActivityAt: toDate(head.lastActivityAt) } : null;
  if (!member && !program.autoEnroll) return order;

  const now = new Date();
  const rest = await sql.all<RestRow>(REST_SQL, [
    shop.id,
    shop.id,
    order.processedAt,
    order.processedAt,
    shop.id,
    `earn:${order.id}`,
    `cancel:${order.id}`,
    shop.id,
    order.id,
    shop.id,
    order.id,
    shop.id,
    windowStart(program.tierWindow, order.processedAt) ?? EPOCH,
    order.processedAt,
    shop.id,
    customerId,
    windowStart(program.tierWindow, now) ?? EPOCH,
    shop.id,
    customerId,
    shop.id,
    customerId,
  ]);
  const tiers: (TierRow & { createdAt: number })[] = [];
  const campaigns: {
    multiplier: number;
    stacking: string;
    tierId: string | null;
    segment: string | null;
    collectionId: string | null;
  }[] = [];
  const entries: {
    key: string;
    kind: string;
    points: number;
    eligibleMinor: number | null;
    orderTotalMinor: number | null;
    lines: EarnedLine[] | null;
  }[] = [];
  const refunds: { id: string; amountMinor: number; processedAt: Date; day: string; lines: RefundedLine[] | null }[] =
    [];
  let spendBefore = 0;
  let spendNow = 0;
  let ledgerBalance = 0;
  for (const r of rest) {
    if (r.what === "tier")
      tiers.push({
        id: String(r.id),
        name: String(r.name),
        minSpend: num(r.n1),
        multiplier: num(r.n2),
        pendingMinSpend: numOrNull(r.n3),
        pendingMultiplier: numOrNull(r.n4),
        pendingFrom: dateOrNull(r.at),
        createdAt: toDate(r.at2).getTime(),
        benefits: "",
        color: "",
      });
    else if (r.what === "campaign")
      campaigns.push({
        tierId: r.id,
        stacking: String(r.name),
        segment: r.text,
        multiplier: num(r.n2),
        collectionId: r.day,
      });
    else if (r.what === "entry")
      entries.push({
        key: String(r.id),
        kind: String(r.name),
        points: num(r.n1),
        eligibleMinor: numOrNull(r.n2),
        orderTotalMinor: numOrNull(r.n3),
        lines: parseLines<EarnedLine>(r.text),
      });
    else if (r.what === "refund")
      refunds.push({
        id: String(r.id),
        amountMinor: num(r.n1),
        processedAt: toDate(r.at),
        day: String(r.day),
        lines: parseLines<RefundedLine>(r.text),
      });
    else if (r.what === "sums") {
      spendBefore = num(r.n1);
      spendNow = num(r.n2);
      ledgerBalance = num(r.n3);
    }
  }
  // As listTiers orders them (minimum spend, then age); refunds in the order they were made.
  tiers.sort((a, b) => a.minSpend - b.minSpend || a.createdAt - b.createdAt);
  refunds.sort((a, b) => a.processedAt.getTime() - b.processedAt.getTime() || (a.id < b.id ? -1 : 1));

  const keys = new Set(entries.map((e) => e.key));
  let earn = entries.find((e) => e.kind === "earn");
  const appended: PostedEntry[] = [];
  let earnedDelta = 0;
  const digits = currencyDigits(shop.currency);

  if (!earn && orderCounts(program.orderRule, order)) {
    // The tiers in force when the order was placed (a scheduled change counts from its date).
    const tier = tierFor(tiersAt(tiers, order.processedAt), spendBefore, digits);
    // A segment limit reads the customer's stored segment as it is when the order is posted.
    const segment = campaigns.some((c) => c.segment)
      ? ((await storedSegments(db, shop.id, [customerId])).get(customerId) ?? null)
      : null;
    const applying = campaigns.filter((c) => campaignApplies(c, tier?.id ?? null, segment));
    const eligible = eligibleMinor(order);
    // A collection-limited campaign counts only on the lines whose product is in its
    // collection now (decision 072); the order then earns line by line.
    const lines = applying.some((c) => c.collectionId) ? await collectionLines(sql, shop.id, order.id, applying) : null;
    const whole = applying.filter((c) => !c.collectionId).map(rateOf);
    const campaign = campaignMultiplier(whole);
    const tierMultiplier = tier?.multiplier ?? 1;
    const { points, lines: earnedLines } = orderEarning({
      eligibleMinor: eligible,
      digits,
      baseRate: program.baseRate,
      tierMultiplier,
      campaignMultiplier: campaign,
      lines,
    });
    earn = {
      key: `earn:${order.id}`,
      kind: "earn",
      points,
      eligibleMinor: eligible,
      orderTotalMinor: order.totalMinor,
      lines: earnedLines,
    };
    appended.push({
      customerId,
      kind: "earn",
      points,
      key: earn.key,
      orderId: order.id,
      occurredAt: order.processedAt,
      day: order.day,
      orderTotalMinor: order.totalMinor,
      eligibleMinor: eligible,
      lines: earnedLines ? JSON.stringify(earnedLines) : undefined,
      note: `rate ${program.baseRate} × tier ${tier?.multiplier ?? 1}${tier ? ` (${tier.name})` : ""} × campaigns ${
        earnedLines ? "per line (collection)" : campaign
      }`,
    });
    earnedDelta += points;
  }

  if (earn && earn.points > 0) {
    // What each refund reverses follows from the earn entry and the refunds before it,
    // so it is the same whether the refunds are posted together or one delivery at a time.
    let reversedDue = 0;
    // The balance before this posting plus what it has appended so far.
    let balance = ledgerBalance + earnedDelta;
    const debit = (key: string, due: number, at: Date, day: string, why?: string) => {
      const points = cappedDebit(balance, due);
      const short = points < due ? `${due - points} points already spent` : undefined;
      appended.push({
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
    };
    // Exactly what the earn entry recorded: per line when it earned per line (decision 072).
    const dues = refundReversals(
      { points: earn.points, orderTotalMinor: earn.orderTotalMinor ?? order.totalMinor, lines: earn.lines },
      refunds,
    );
    refunds.forEach((refund, i) => {
      const key = `reverse:${refund.id}`;
      if (!keys.has(key)) debit(key, dues[i], refund.processedAt, refund.day);
      reversedDue += dues[i];
    });
    if (order.cancelledAt && !keys.has(`cancel:${order.id}`))
      debit(
        `cancel:${order.id}`,
        Math.max(0, earn.points - reversedDue),
        order.cancelledAt,
        dayInZone(order.cancelledAt, shop.timezone),
        "order cancelled",
      );
  }
  if (appended.length === 0) return order;
  await appendEntries(sql, shop.id, appended);
  if (!member) {
    await refreshMember(db, shop, customerId, program, now);
    return order;
  }
  // The member's cache moves by exactly what was appended; spend and tier as of now.
  const balanceDelta = appended.reduce((s, e) => s + e.points, 0);
  const tierId = tierFor(tiersAt(tiers, now), spendNow, digits)?.id ?? null;
  const activity = order.processedAt > member.lastActivityAt ? order.processedAt : member.lastActivityAt;
  await sql.run(
    `UPDATE "LoyaltyMember" SET "balance" = "balance" + ?, "earned" = "earned" + ?, "spendMinor" = ?, "tierId" = ?,
            "lastActivityAt" = ? WHERE "shopId" = ? AND "customerId" = ?`,
    [balanceDelta, earnedDelta, spendNow, tierId, activity, shop.id, customerId],
  );
  return order;
}

const rateOf = (c: { multiplier: number; stacking: string }): CampaignRate => ({
  multiplier: c.multiplier,
  stacking: c.stacking as Stacking,
});

/**
 * The order's lines with the campaigns that apply to each (decision 072): every campaign
 * without a collection limit, and those whose collection holds the line's product now.
 * Null when no line is in any of the collections: the order then earns as a whole, at the
 * rate without them. One statement: the lines joined to their memberships in those collections.
 */
export async function collectionLines(
  sql: SqlRunner,
  shopId: string,
  orderId: string,
  applying: readonly { multiplier: number; stacking: string; collectionId: string | null }[],
): Promise<EarnLineInput[] | null> {
  const collections = [...new Set(applying.map((c) => c.collectionId).filter((c): c is string => !!c))];
  const rows = await sql.all<{
    id: string;
    shopifyId: string | null;
    quantity: unknown;
    unitPriceMinor: unknown;
    discountMinor: unknown;
    collectionId: string | null;
  }>(
    `SELECT l."id", l."shopifyId", l."quantity", l."unitPriceMinor", l."discountMinor", cp."collectionId"
       FROM "OrderLine" l
       LEFT JOIN "CollectionProduct" cp ON cp."shopId" = ? AND cp."productId" = l."productId"
                                        AND cp."collectionId" IN (${collections.map(() => "?").join(", ")})
      WHERE l."orderId" = ? AND l."shopId" = ?
      ORDER BY l."id"`,
    [shopId, ...collections, orderId, shopId],
  );
  return linesWithCampaigns(rows, applying);
}

/** Groups line rows (one per line and collection it is in) into lines with their campaigns. */
export function linesWithCampaigns(
  rows: readonly {
    id: string;
    shopifyId: string | null;
    quantity: unknown;
    unitPriceMinor: unknown;
    discountMinor: unknown;
    collectionId: string | null;
  }[],
  applying: readonly { multiplier: number; stacking: string; collectionId: string | null }[],
): EarnLineInput[] | null {
  const byLine = new Map<string, { row: (typeof rows)[number]; in: Set<string> }>();
  for (const r of rows) {
    const found = byLine.get(r.id) ?? { row: r, in: new Set<string>() };
    if (r.collectionId) found.in.add(r.collectionId);
    byLine.set(r.id, found);
  }
  let any = false;
  const lines: EarnLineInput[] = [];
  for (const { row, in: inCollections } of byLine.values()) {
    if (inCollections.size) any = true;
    const quantity = num(row.quantity);
    lines.push({
      line: row.shopifyId ?? row.id,
      quantity,
      netMinor: quantity * num(row.unitPriceMinor) - num(row.discountMinor),
      campaigns: applying.filter((c) => !c.collectionId || inCollections.has(c.collectionId)).map(rateOf),
    });
  }
  return any ? lines : null;
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
  const order = await post(db, shop, `o."shopifyId" = ?`, orderShopifyId);
  if (!order) return;
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
