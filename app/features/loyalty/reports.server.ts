// Every loyalty figure, computed from the ledger (and the member cache that mirrors it):
// the Overview metrics and program health, the liability, the daily points-accounting
// report and the Analytics tab (docs/decisions/056 defines each).
import type { Expression, SqlBool } from "kysely";
import { prisma, sql, sqlOn } from "~/db.server";
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
import type { RedemptionBasis } from "~/features/loyalty/redemption-rate";
import { redemptionBasisFor } from "~/features/loyalty/redemption-rate.server";

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
  return figuresCache.get(`loyalty-repeat:${shopId}:${today}`, 0, REPEAT_CACHE_MS, () =>
    // Per member: orders that earned in the last year, and in the two retention windows.
    sqlOn(prisma)
      .selectFrom((db) =>
        db
          .selectFrom("LoyaltyLedgerEntry")
          .select((eb) => {
            const count = (on: Expression<SqlBool>) => eb.fn.sum<number>(eb.case().when(on).then(1).else(0).end());
            return [
              "customerId",
              count(eb("day", ">=", yearFrom)).as("year"),
              count(eb("day", ">=", currentFrom)).as("cur"),
              count(eb.and([eb("day", ">=", previousFrom), eb("day", "<", currentFrom)])).as("prev"),
            ];
          })
          .where("shopId", "=", shopId)
          .where("kind", "=", "earn")
          .where("day", ">=", from)
          .where("day", "<=", today)
          .groupBy("customerId")
          .as("t"),
      )
      .select((eb) => {
        const count = (on: Expression<SqlBool>) => eb.fn.sum<number>(eb.case().when(on).then(1).else(0).end());
        return [
          count(eb("t.year", ">", 0)).as("buyers"),
          count(eb("t.year", ">", 1)).as("repeaters"),
          count(eb("t.prev", ">", 0)).as("before"),
          count(eb.and([eb("t.prev", ">", 0), eb("t.cur", ">", 0)])).as("retained"),
        ];
      })
      .execute(),
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
  liability: ReturnType<typeof liability> & { pointValueCentiMinor: number; redemption: RedemptionBasis };
};

export async function getOverview(shop: ShopRef, now = new Date()): Promise<Overview> {
  const program = await ensureProgram(prisma, shop);
  const today = dayInZone(now, shop.timezone);
  const yearFrom = addDays(today, -REPEAT_DAYS + 1);
  const currentFrom = addDays(today, -RETENTION_DAYS + 1);
  const previousFrom = addDays(currentFrom, -RETENTION_DAYS);
  const from = previousFrom < yearFrom ? previousFrom : yearFrom;
  const [counts, customers, byKind, value, orders, redemption] = await Promise.all([
    memberCounts(shop, new Date(now.getTime() - ACTIVE_DAYS * 86_400_000)),
    customerCounts(shop.id),
    prisma.loyaltyDay.groupBy({ by: ["kind"], where: { shopId: shop.id }, _sum: { points: true } }),
    pointValueAt(prisma, shop.id, now),
    repeatAndRetention(shop.id, today, yearFrom, currentFrom, previousFrom, from),
    redemptionBasisFor(shop, program.redemptionRateOverride, now),
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
      ...liability(outstanding, value, redemption.used),
      pointValueCentiMinor: value,
      redemption,
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

/** A campaign ended early (decision 081) is measured to the store day it ended, as days are stored (campaign-window.ts). */
function lastBonusDay(c: { endsAt: Date; endedAt: Date | null }, timeZone: string): Date {
  if (!c.endedAt) return c.endsAt;
  const ended = new Date(`${dayInZone(c.endedAt, timeZone)}T23:59:59.999Z`);
  return ended < c.endsAt ? ended : c.endsAt;
}

/**
 * A store day's month ("2026-11"), written with literal arguments: PostgreSQL matches a selected
 * expression to its GROUP BY by text, and bound parameters ($1, $4…) would not match.
 */
const MONTH_OF_DAY = sql<string>`substr("day", 1, 7)`;
/** 1 for a member's order, 0 for another customer's (literal for the same reason). */
const IS_MEMBER = sql<number>`CASE WHEN "m"."customerId" IS NULL THEN 0 ELSE 1 END`;
/** An order's net sales (the registry's AOV base: gross − discounts − refunds). */
const NET_SALES = sql<number>`"o"."grossSalesMinor" - "o"."discountsMinor" - "o"."refundsMinor"`;

export type Analytics = {
  months: MonthPoint[];
  /** Points redeemed ÷ points earned over the last 12 store months (the liability's observed rate, uncapped by history). */
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
  const [before, sums, buyers, campaigns, redemption] = await Promise.all([
    prisma.loyaltyDay.aggregate({ where: { shopId: shop.id, day: { lt: from } }, _sum: { points: true } }),
    sqlOn(prisma)
      .selectFrom("LoyaltyDay")
      .select((eb) => [MONTH_OF_DAY.as("month"), "kind", eb.fn.sum<number>("points").as("points")])
      .where("shopId", "=", shop.id)
      .where("day", ">=", from)
      .where("day", "<=", today)
      .groupBy([MONTH_OF_DAY, "kind"])
      .execute(),
    sqlOn(prisma)
      .selectFrom("Order as o")
      .leftJoin("LoyaltyMember as m", (j) =>
        j.onRef("m.shopId", "=", "o.shopId").onRef("m.customerId", "=", "o.customerId"),
      )
      .select((eb) => {
        return [
          IS_MEMBER.as("member"),
          eb.fn.countAll<number>().as("orders"),
          eb.fn.count<number>("o.customerId").distinct().as("customers"),
          eb.fn.sum<number>(NET_SALES).as("netSales"),
        ];
      })
      .where("o.shopId", "=", shop.id)
      .where("o.customerId", "is not", null)
      .where("o.cancelledAt", "is", null)
      .where("o.day", ">=", addDays(today, -364))
      .where("o.day", "<=", today)
      .groupBy(IS_MEMBER)
      .execute(),
    prisma.loyaltyCampaign.findMany({
      where: { shopId: shop.id, startsAt: { lte: now } },
      orderBy: { startsAt: "desc" },
      take: 10,
      select: { id: true, name: true, startsAt: true, endsAt: true, endedAt: true },
    }),
    redemptionBasisFor(shop, null, now),
  ]);
  const months: MonthPoint[] = [];
  let outstanding = before._sum.points ?? 0;
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
      .map((c) => ({ ...c, ...liftWindow({ startsAt: c.startsAt, endsAt: lastBonusDay(c, shop.timezone) }, today) }))
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
    redemptionRate: redemption.earned > 0 ? redemption.redeemed / redemption.earned : null,
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
