// Reading the shop's scored customers: the list, the segment cards, one customer's detail and
// the JSON API's page. Every query filters by the shop first.
import { prisma, type Prisma } from "~/db.server";
import { addDays, dayInZone } from "~/lib/dates";
import { ORDER_PROFIT_SELECT, orderNetProfitMinor } from "~/features/profit";
import { PAGE_SIZE, SORT_COLUMN, type CustomerListQuery } from "./query";
import { SEGMENTS, type Segment } from "./rfm";
import { asOfMs, daysOf, predictionOf, ruleOfRow, type ScoreInputs } from "./derived";
import { nameOf } from "./score-row";
import { getSegmentSettings, getStoredModel, type StoredModel } from "./score-store.server";
import { countMatches, matchingPage } from "./search.server";
import { valuePage } from "./value-sort.server";

export type ListShop = { id: string; timezone: string; currency: string };

export const ROW_SELECT = {
  customerId: true,
  // What the moving figures are derived from (decision 073).
  orders: true,
  totalSpentMinor: true,
  firstOrderAt: true,
  lastOrderAt: true,
  frequency: true,
  monetaryMinor: true,
  medianGapDays: true,
  orderDays: true,
  medianGapMs: true,
  computedAt: true,
  segment: true,
  r: true,
  f: true,
  m: true,
  customer: { select: { firstName: true, lastName: true, email: true } },
} satisfies Prisma.CustomerScoreSelect;

type RowRecord = Prisma.CustomerScoreGetPayload<{ select: typeof ROW_SELECT }>;

/** A row's moving figures as of the shop's last recompute or its own later rescore (decision 073). */
export function moving(row: ScoreInputs, stored: StoredModel | null) {
  const at = asOfMs(stored?.computedAt ?? null, row);
  return { ...predictionOf(row, stored?.model ?? null, at), recencyDays: daysOf(row, at).recencyDays };
}

const rowOf = (r: RowRecord, stored: StoredModel | null) => {
  const p = moving(r, stored);
  return {
    id: r.customerId,
    name: nameOf(r.customer),
    email: r.customer.email,
    orders: r.orders,
    totalSpentMinor: r.totalSpentMinor,
    lastOrderAt: r.lastOrderAt?.toISOString() ?? null,
    segment: r.segment as Segment,
    scores: r.r === null ? null : { r: r.r, f: r.f!, m: r.m! },
    predicted12mMinor: p.predicted12mMinor,
    churnRisk: p.churnRisk,
  };
};
export type CustomerRow = ReturnType<typeof rowOf>;

/** A search counts its matches up to this many; counting all would scan the shop (decision 052). */
const SEARCH_COUNT_CAP = 1000;

export async function listCustomers(
  shop: ListShop,
  query: CustomerListQuery,
  pageSize = PAGE_SIZE,
  countCap = SEARCH_COUNT_CAP,
) {
  const where: Prisma.CustomerScoreWhereInput = {
    shopId: shop.id,
    ...(query.segment ? { segment: query.segment } : {}),
  };
  const [counted, stored] = await Promise.all([
    query.q ? countMatches(shop.id, query, countCap) : prisma.customerScore.count({ where }),
    getStoredModel(prisma, shop.id),
  ]);
  const capped = !!query.q && counted > countCap;
  const total = capped ? countCap : counted;
  const pageCount = capped
    ? Math.max(query.page, Math.ceil(total / pageSize))
    : Math.max(1, Math.ceil(total / pageSize));
  const page = capped ? query.page : Math.min(query.page, pageCount);
  const skip = (page - 1) * pageSize;
  // The value sort's page of ids comes from CustomerValue (value-sort.server.ts).
  const column = query.sort === "value" ? "customerId" : SORT_COLUMN[query.sort];
  const nullable = query.sort === "lastOrder";
  // A search's page comes from its index as ids, then their rows; so does the value sort's.
  const ids = query.q
    ? await matchingPage(shop.id, query, skip, pageSize)
    : query.sort === "value"
      ? await valuePage(shop.id, query, skip, pageSize)
      : null;
  // Ties broken by the customer's id in the same direction, so one index (shopId, column,
  // customerId) read forwards or backwards gives the page without a sort.
  const read = (w: Prisma.CustomerScoreWhereInput, from: number, take: number, by = column) =>
    prisma.customerScore.findMany({
      where: w,
      select: ROW_SELECT,
      orderBy: [...(by === "customerId" ? [] : [{ [by]: query.dir }]), { customerId: query.dir }],
      skip: from,
      take,
    });
  // Nulls last either way: the rows with a value, then those without (by id), each through the
  // index; Prisma's `nulls: "last"` sorted every row of the shop instead (on both engines).
  const valued = nullable ? { ...where, [column]: { not: null } } : where;
  const rows = ids
    ? // Back in the order of the ids (a row deleted meanwhile is left out).
      (await read({ shopId: shop.id, customerId: { in: ids } }, 0, ids.length)).sort(
        (a, b) => ids.indexOf(a.customerId) - ids.indexOf(b.customerId),
      )
    : await read(valued, skip, pageSize);
  if (!ids && nullable && rows.length < pageSize) {
    const before = rows.length ? skip + rows.length : await prisma.customerScore.count({ where: valued });
    const rest = { ...where, [column]: null };
    rows.push(...(await read(rest, Math.max(0, skip - before), pageSize - rows.length, "customerId")));
  }
  return { rows: rows.map((r) => rowOf(r, stored)), total, capped, page, pageCount, pageSize };
}

/** The first `limit` customers of a segment (or all), most valuable first: the JSON API's answer. */
export async function customersBySegment(shop: ListShop, segment: Segment | null, limit: number) {
  const [rows, stored] = await Promise.all([
    prisma.customerScore.findMany({
      where: { shopId: shop.id, ...(segment ? { segment } : {}) },
      select: ROW_SELECT,
      orderBy: [{ totalSpentMinor: "desc" }, { customerId: "asc" }],
      take: limit,
    }),
    getStoredModel(prisma, shop.id),
  ]);
  return rows.map((r) => rowOf(r, stored));
}

/** The four cards: count, share of customers, share of the last 365 days' net spend, change against 30 days ago. */
export async function segmentSummary(shop: ListShop, now = new Date()) {
  const groups = await prisma.customerScore.groupBy({
    by: ["segment"],
    where: { shopId: shop.id },
    _count: { _all: true },
    _sum: { monetaryMinor: true },
  });
  const today = dayInZone(now, shop.timezone);
  const then = addDays(today, -30);
  // The nearest recorded day at least 30 days back, within a week of it.
  const past = await prisma.customerSegmentDay.findFirst({
    where: { shopId: shop.id, day: { lte: then, gte: addDays(then, -7) } },
    orderBy: { day: "desc" },
    select: { day: true },
  });
  const before = past ? await prisma.customerSegmentDay.findMany({ where: { shopId: shop.id, day: past.day } }) : [];
  const total = groups.reduce((s, g) => s + g._count._all, 0);
  const revenue = groups.reduce((s, g) => s + Math.max(0, g._sum.monetaryMinor ?? 0), 0);
  const cards = SEGMENTS.map((segment) => {
    const g = groups.find((x) => x.segment === segment);
    const count = g?._count._all ?? 0;
    const rev = Math.max(0, g?._sum.monetaryMinor ?? 0);
    const old = before.find((b) => b.segment === segment);
    return {
      segment,
      customers: count,
      share: total ? count / total : null,
      revenueShare: revenue ? rev / revenue : null,
      // Null when there is no record from then.
      change: past ? count - (old?.customers ?? 0) : null,
      revenueMinor: rev,
    };
  });
  const stored = await getStoredModel(prisma, shop.id);
  return {
    cards,
    total,
    comparedWith: past?.day ?? null,
    smallStore: stored?.bands === 3,
    method: stored?.model.method ?? null,
    computedAt: stored?.computedAt.toISOString() ?? null,
  };
}
export type SegmentCard = Awaited<ReturnType<typeof segmentSummary>>["cards"][number];

/**
 * One customer's score row as the screens show it, its moving figures and rule as of the shop's
 * last recompute or the row's later rescore (decision 073), and what explains it.
 */
async function shownScore(shopId: string, customerId: string) {
  const [found, stored, settings] = await Promise.all([
    prisma.customerScore.findUnique({
      where: { shopId_customerId: { shopId, customerId } },
      include: { customer: { select: { firstName: true, lastName: true, email: true, createdAt: true } } },
    }),
    getStoredModel(prisma, shopId),
    getSegmentSettings(prisma, shopId),
  ]);
  const explanation = stored && { bands: stored.bands, cutPoints: stored.cutPoints, settings };
  if (!found) return { name: "", score: null, explanation };
  const { customer, ...score } = found;
  const figures = moving(score, stored);
  return {
    name: nameOf(customer),
    score: {
      ...score,
      ...figures,
      expectedNextOrderAt: figures.expectedNextOrderAt?.toISOString() ?? null,
      rule: ruleOfRow(score.rule, score, customer.createdAt, asOfMs(stored?.computedAt ?? null, score)),
      lastOrderAt: score.lastOrderAt?.toISOString() ?? null,
      firstOrderAt: score.firstOrderAt?.toISOString() ?? null,
      segmentChangedAt: score.segmentChangedAt?.toISOString() ?? null,
      computedAt: score.computedAt.toISOString(),
    },
    explanation,
  };
}

/** Everything the detail screen shows; null when the id is not this shop's customer. */
export async function customerDetail(shop: ListShop, customerId: string) {
  const customer = await prisma.customer.findFirst({
    where: { id: customerId, shopId: shop.id, redactedAt: null, deletedAt: null },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      phone: true,
      country: true,
      city: true,
      timeZone: true,
      acceptsMarketing: true,
      createdAt: true,
      shopifyId: true,
    },
  });
  if (!customer) return null;
  const [{ score, explanation }, changes, orders, invoices] = await Promise.all([
    shownScore(shop.id, customerId),
    prisma.customerSegmentChange.findMany({
      where: { shopId: shop.id, customerId },
      orderBy: { changedAt: "desc" },
      take: 20,
      select: { id: true, fromSegment: true, toSegment: true, rule: true, changedAt: true },
    }),
    prisma.order.findMany({
      where: { shopId: shop.id, customerId },
      orderBy: { processedAt: "desc" },
      take: 50,
      select: {
        id: true,
        name: true,
        processedAt: true,
        cancelledAt: true,
        totalMinor: true,
        ...ORDER_PROFIT_SELECT,
      },
    }),
    customer.email
      ? prisma.invoice.findMany({
          where: { shopId: shop.id, customerEmail: customer.email, status: { in: ["sent", "overdue"] } },
          orderBy: { dueDate: "asc" },
          select: { id: true, number: true, status: true, totalMinor: true, dueDate: true, currency: true },
        })
      : [],
  ]);
  return {
    customer: {
      ...customer,
      name: nameOf(customer),
      createdAt: customer.createdAt.toISOString(),
    },
    score,
    explanation,
    history: changes.map((c) => ({ ...c, changedAt: c.changedAt.toISOString() })),
    orders: orders.map((o) => ({
      id: o.id,
      name: o.name,
      processedAt: o.processedAt.toISOString(),
      cancelled: !!o.cancelledAt,
      totalMinor: o.totalMinor,
      refundsMinor: o.refundsMinor,
      profitMinor: orderNetProfitMinor(o),
    })),
    invoices,
  };
}

/** One customer's score explanation for the list's "why" dialog; null when not this shop's. */
export async function explainCustomer(shop: ListShop, customerId: string) {
  const { name, score, explanation } = await shownScore(shop.id, customerId);
  if (!score || !explanation) return null;
  return { id: customerId, name, score, segment: score.segment as Segment, ...explanation };
}
