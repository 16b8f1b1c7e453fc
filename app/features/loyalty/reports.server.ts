// Every loyalty figure, computed from the ledger (and the member cache that mirrors it):
// the Overview metrics and program health, the liability, the daily points-accounting
// report and the Analytics tab (docs/decisions/056 defines each).
import { prisma } from "~/db.server";
import { figuresCache } from "~/platform/cache.server";
import { addDays, dayInZone, eachDay, type DayRange } from "~/lib/dates";
import { currencyDigits, formatMoney } from "~/lib/money";
import { liftWindow } from "~/features/loyalty/campaign-window";
import {
  accountingRows,
  liability,
  pointsToMinor,
  programHealth,
  type AccountingRow,
  type EntryKind,
} from "~/features/loyalty/ledger";
import { ensureProgram, pointValueAt, type ShopRef } from "~/features/loyalty/ledger.server";
import { memberCounts } from "~/features/loyalty/member-counts.server";
import { customerCounts } from "~/features/customers/index.server";

const num = (v: unknown) => Number(v ?? 0);

/** Members active (any ledger entry) in this many days count toward program health. */
export const ACTIVE_DAYS = 90;
/** Retention: of the members who ordered in the 180 days before the last 180, the share who ordered again in the last 180. */
export const RETENTION_DAYS = 180;
/** Repeat rate: of the members who ordered in the last year, the share who ordered more than once. */
export const REPEAT_DAYS = 365;

/** Repeat and retention change slowly (6- and 12-month windows): computed at most every 10 minutes per shop and day. */
export const REPEAT_CACHE_MS = 10 * 60_000;

function repeatAndRetention(
  shopId: string,
  today: string,
  yearFrom: string,
  currentFrom: string,
  previousFrom: string,
  from: string,
) {
  return figuresCache.get(
    `loyalty-repeat:${shopId}:${today}`,
    0,
    REPEAT_CACHE_MS,
    () =>
      // Per member: orders that earned in the last year, and in the two retention windows.
      prisma.$queryRaw<{ buyers: unknown; repeaters: unknown; before: unknown; retained: unknown }[]>`
      SELECT SUM(CASE WHEN t."year" > 0 THEN 1 ELSE 0 END) AS "buyers",
             SUM(CASE WHEN t."year" > 1 THEN 1 ELSE 0 END) AS "repeaters",
             SUM(CASE WHEN t."prev" > 0 THEN 1 ELSE 0 END) AS "before",
             SUM(CASE WHEN t."prev" > 0 AND t."cur" > 0 THEN 1 ELSE 0 END) AS "retained"
        FROM (SELECT "customerId",
                     SUM(CASE WHEN "day" >= ${yearFrom} THEN 1 ELSE 0 END) AS "year",
                     SUM(CASE WHEN "day" >= ${currentFrom} THEN 1 ELSE 0 END) AS "cur",
                     SUM(CASE WHEN "day" >= ${previousFrom} AND "day" < ${currentFrom} THEN 1 ELSE 0 END) AS "prev"
                FROM "LoyaltyLedgerEntry"
               WHERE "shopId" = ${shopId} AND "kind" = 'earn' AND "day" >= ${from} AND "day" <= ${today}
               GROUP BY "customerId") t`,
  );
}

export type Overview = {
  programName: string;
  /** The program's members (member-counts.server.ts: enrolled customers, redacted ones not counted). */
  totalMembers: number;
  /** The store's customers (customerCounts), of whom the members are the enrolled ones. */
  customers: number;
  /** Members below the first tier's minimum spend ("No tier"). */
  untieredMembers: number;
  /** Accounts of customers since redacted or deleted: their points are outstanding, they are not members. */
  closedAccounts: number;
  activeMembers: number;
  outstandingPoints: number;
  pointsEarned: number;
  pointsRedeemed: number;
  avgPointsPerCustomer: number;
  redemptionRate: number | null;
  repeatRate: number | null;
  retentionRate: number | null;
  health: number;
  liability: ReturnType<typeof liability> & { pointValueCentiMinor: number; expectedRedemptionRate: number };
};

export async function getOverview(shop: ShopRef, now = new Date()): Promise<Overview> {
  const program = await ensureProgram(prisma, shop);
  const today = dayInZone(now, shop.timezone);
  const yearFrom = addDays(today, -REPEAT_DAYS + 1);
  const currentFrom = addDays(today, -RETENTION_DAYS + 1);
  const previousFrom = addDays(currentFrom, -RETENTION_DAYS);
  const from = previousFrom < yearFrom ? previousFrom : yearFrom;
  const [counts, customers, byKind, value, orders] = await Promise.all([
    memberCounts(shop, new Date(now.getTime() - ACTIVE_DAYS * 86_400_000)),
    customerCounts(shop.id),
    prisma.loyaltyDay.groupBy({ by: ["kind"], where: { shopId: shop.id }, _sum: { points: true } }),
    pointValueAt(prisma, shop.id, now),
    repeatAndRetention(shop.id, today, yearFrom, currentFrom, previousFrom, from),
  ]);
  const { members, active } = counts;
  // Sums from the per-day rollup, which always equals the ledger (and the members' cache).
  const kind = (k: string) => byKind.find((r) => r.kind === k)?._sum.points ?? 0;
  const outstanding = byKind.reduce((a, r) => a + (r._sum.points ?? 0), 0);
  const earned = kind("earn");
  const redeemed = -kind("redeem") - kind("reimburse");
  const o = orders[0] ?? { buyers: 0, repeaters: 0, before: 0, retained: 0 };
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  const redemptionRate = ratio(redeemed, earned);
  const repeatRate = ratio(num(o.repeaters), num(o.buyers));
  const retentionRate = ratio(num(o.retained), num(o.before));
  return {
    programName: program.name,
    totalMembers: members,
    untieredMembers: counts.byTier.get(null) ?? 0,
    customers: customers.customers,
    closedAccounts: counts.closedAccounts,
    activeMembers: active,
    outstandingPoints: outstanding,
    pointsEarned: earned,
    pointsRedeemed: redeemed,
    avgPointsPerCustomer: members ? Math.round(outstanding / members) : 0,
    redemptionRate,
    repeatRate,
    retentionRate,
    health: programHealth({
      activeShare: members ? active / members : 0,
      redemptionRate: redemptionRate ?? 0,
      repeatRate: repeatRate ?? 0,
    }),
    liability: {
      ...liability(outstanding, value, program.expectedRedemptionRate),
      pointValueCentiMinor: value,
      expectedRedemptionRate: program.expectedRedemptionRate,
    },
  };
}

// ── points accounting ─────────────────────────────────────────────────────

export type AccountingReportRow = AccountingRow & {
  pointValueCentiMinor: number;
  money: Record<
    "opening" | "earned" | "reversed" | "redeemed" | "reimbursed" | "expired" | "adjusted" | "closing",
    number
  >;
};

async function valueVersions(shopId: string) {
  return prisma.loyaltyPointValue.findMany({
    where: { shopId },
    orderBy: [{ effectiveFrom: "asc" }, { createdAt: "asc" }],
    select: { centiMinor: true, effectiveFrom: true },
  });
}

/**
 * The daily points-accounting report for a range of the shop's days: opening balance,
 * each kind of movement and the closing balance, in points and in money at the points
 * value in force at the end of that day. The last closing equals the ledger's sum up to `to`.
 */
export async function accountingReport(shop: ShopRef, range: DayRange): Promise<AccountingReportRow[]> {
  const [before, sums, versions] = await Promise.all([
    prisma.loyaltyDay.aggregate({
      where: { shopId: shop.id, day: { lt: range.from } },
      _sum: { points: true },
    }),
    prisma.loyaltyDay.groupBy({
      by: ["day", "kind"],
      where: { shopId: shop.id, day: { gte: range.from, lte: range.to } },
      _sum: { points: true },
    }),
    valueVersions(shop.id),
  ]);
  const byDay = new Map<string, Partial<Record<EntryKind, number>>>();
  for (const s of sums) {
    const d = byDay.get(s.day) ?? {};
    d[s.kind as EntryKind] = (d[s.kind as EntryKind] ?? 0) + (s._sum.points ?? 0);
    byDay.set(s.day, d);
  }
  const rows = accountingRows(eachDay(range), byDay, before._sum.points ?? 0);
  return rows.map((r) => {
    // The version in force at the end of the day (UTC; a change during the day applies to it).
    const end = new Date(`${r.day}T23:59:59.999Z`).getTime();
    let value = 0;
    for (const v of versions) if (v.effectiveFrom.getTime() <= end) value = v.centiMinor;
    const m = (points: number) => pointsToMinor(points, value);
    return {
      ...r,
      pointValueCentiMinor: value,
      money: {
        opening: m(r.opening),
        earned: m(r.earned),
        reversed: m(r.reversed),
        redeemed: m(r.redeemed),
        reimbursed: m(r.reimbursed),
        expired: m(r.expired),
        adjusted: m(r.adjusted),
        closing: m(r.closing),
      },
    };
  });
}

// ── analytics ─────────────────────────────────────────────────────────────

export type MonthPoint = {
  month: string;
  issued: number;
  redeemed: number;
  expired: number;
  reversed: number;
  outstanding: number;
};

export type Analytics = {
  months: MonthPoint[];
  redemptionRate: number | null;
  /** Net sales (the registry's average order value base: net sales ÷ orders) of the last 365 days' orders. */
  members: { orders: number; customers: number; netSalesMinor: number };
  nonMembers: { orders: number; customers: number; netSalesMinor: number };
  campaigns: {
    id: string;
    name: string;
    days: number;
    ordersPerDay: number;
    beforePerDay: number;
    lift: number | null;
  }[];
};

export async function getAnalytics(shop: ShopRef, now = new Date()): Promise<Analytics> {
  const today = dayInZone(now, shop.timezone);
  const from = `${addDays(today, -364).slice(0, 7)}-01`;
  const [before, sums, buyers, campaigns] = await Promise.all([
    prisma.loyaltyDay.aggregate({ where: { shopId: shop.id, day: { lt: from } }, _sum: { points: true } }),
    prisma.$queryRaw<{ month: string; kind: string; points: unknown }[]>`
      SELECT SUBSTR("day", 1, 7) AS "month", "kind", SUM("points") AS "points"
        FROM "LoyaltyDay"
       WHERE "shopId" = ${shop.id} AND "day" >= ${from} AND "day" <= ${today}
       GROUP BY SUBSTR("day", 1, 7), "kind"`,
    prisma.$queryRaw<{ member: unknown; orders: unknown; customers: unknown; netSales: unknown }[]>`
      SELECT CASE WHEN m."customerId" IS NULL THEN 0 ELSE 1 END AS "member",
             COUNT(*) AS "orders", COUNT(DISTINCT o."customerId") AS "customers",
             SUM(o."grossSalesMinor" - o."discountsMinor" - o."refundsMinor") AS "netSales"
        FROM "Order" o
        LEFT JOIN "LoyaltyMember" m ON m."shopId" = o."shopId" AND m."customerId" = o."customerId"
       WHERE o."shopId" = ${shop.id} AND o."customerId" IS NOT NULL AND o."cancelledAt" IS NULL
         AND o."day" >= ${addDays(today, -364)} AND o."day" <= ${today}
       GROUP BY CASE WHEN m."customerId" IS NULL THEN 0 ELSE 1 END`,
    prisma.loyaltyCampaign.findMany({
      where: { shopId: shop.id, startsAt: { lte: now } },
      orderBy: { startsAt: "desc" },
      take: 10,
      select: { id: true, name: true, startsAt: true, endsAt: true },
    }),
  ]);
  const months: MonthPoint[] = [];
  let outstanding = before._sum.points ?? 0;
  let issued = 0;
  let redeemed = 0;
  for (let m = from.slice(0, 7); m <= today.slice(0, 7);) {
    const of = (kind: string) => num(sums.find((s) => s.month === m && s.kind === kind)?.points);
    const row = {
      month: m,
      issued: of("earn") + of("adjust"),
      redeemed: -of("redeem") - of("reimburse"),
      expired: -of("expire"),
      reversed: -of("reverse"),
      outstanding: 0,
    };
    outstanding += sums.filter((s) => s.month === m).reduce((a, s) => a + num(s.points), 0);
    row.outstanding = outstanding;
    issued += row.issued;
    redeemed += row.redeemed;
    months.push(row);
    const [y, mm] = m.split("-").map(Number);
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, "0")}`;
  }
  const group = (member: number) => {
    const g = buyers.find((b) => num(b.member) === member);
    return { orders: num(g?.orders), customers: num(g?.customers), netSalesMinor: num(g?.netSales) };
  };
  const lifts = await Promise.all(
    campaigns
      .map((c) => ({ ...c, ...liftWindow(c, today) }))
      .filter((c) => c.days > 0)
      .map(async ({ start, end, days, ...c }) => {
        const [during, prior] = await Promise.all([
          prisma.order.count({ where: { shopId: shop.id, cancelledAt: null, day: { gte: start, lte: end } } }),
          prisma.order.count({
            where: { shopId: shop.id, cancelledAt: null, day: { gte: addDays(start, -days), lt: start } },
          }),
        ]);
        const ordersPerDay = during / days;
        const beforePerDay = prior / days;
        return {
          id: c.id,
          name: c.name,
          days,
          ordersPerDay,
          beforePerDay,
          lift: beforePerDay > 0 ? ordersPerDay / beforePerDay - 1 : null,
        };
      }),
  );
  return {
    months,
    redemptionRate: issued > 0 ? redeemed / issued : null,
    members: group(1),
    nonMembers: group(0),
    campaigns: lifts,
  };
}

// ── storefront ────────────────────────────────────────────────────────────

export type StorefrontPoints = {
  signedIn: boolean;
  programName: string;
  balance: number;
  tier: string | null;
  nextTier: { name: string; spendToGo: string } | null;
  pointValue: string;
  balanceValue: string;
  howToRedeem: string;
};

/**
 * What the storefront block shows the logged-in customer (by their Shopify id): their own
 * balance, tier and how to redeem; nothing about anyone else. Null customer: signed out.
 */
export async function storefrontPoints(shop: ShopRef, customerShopifyId: string | null): Promise<StorefrontPoints> {
  const program = await ensureProgram(prisma, shop);
  const value = await pointValueAt(prisma, shop.id, new Date());
  const money = (minor: number) => formatMoney(minor, shop.currency);
  const base = {
    programName: program.name,
    pointValue: money(pointsToMinor(1, value)),
    howToRedeem: `Earn ${program.baseRate} ${program.baseRate === 1 ? "point" : "points"} for every ${money(10 ** currencyDigits(shop.currency))} you spend. Ask us to turn your points into a discount code for your next order.`,
  };
  const customer = customerShopifyId
    ? await prisma.customer.findUnique({
        where: { shopId_shopifyId: { shopId: shop.id, shopifyId: `gid://shopify/Customer/${customerShopifyId}` } },
        select: { id: true },
      })
    : null;
  if (!customerShopifyId)
    return { ...base, signedIn: false, balance: 0, tier: null, nextTier: null, balanceValue: money(0) };
  const [member, tiers] = await Promise.all([
    customer
      ? prisma.loyaltyMember.findUnique({ where: { shopId_customerId: { shopId: shop.id, customerId: customer.id } } })
      : null,
    prisma.loyaltyTier.findMany({ where: { shopId: shop.id }, orderBy: { minSpend: "asc" } }),
  ]);
  const balance = member?.balance ?? 0;
  const tier = tiers.find((t) => t.id === member?.tierId) ?? null;
  const digits = currencyDigits(shop.currency);
  const spend = member?.spendMinor ?? 0;
  const next = tiers.find((t) => t.minSpend * 10 ** digits > spend) ?? null;
  return {
    ...base,
    signedIn: true,
    balance,
    tier: tier?.name ?? null,
    nextTier: next ? { name: next.name, spendToGo: money(next.minSpend * 10 ** digits - spend) } : null,
    balanceValue: money(pointsToMinor(balance, value)),
  };
}
