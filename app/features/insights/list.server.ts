// What the screen, the dashboard card and GET /api/ai-insights read: the shop's current open
// insights, best first, with live counts per tab, and the last run.
import { prisma } from "~/db.server";
import { formatDay, formatInstant } from "~/lib/dates";
import { DISMISS_REASON_LABELS, type DismissReason } from "~/features/insights/lifecycle";
import {
  CATEGORIES,
  HISTORY_PAGE_SIZE,
  type Band,
  type Category,
  type Evidence,
  type Fact,
  type InsightStatus,
} from "~/features/insights/types";
import { lastRun } from "~/features/insights/runs.server";

const OPEN: InsightStatus[] = ["new", "seen"];

export type InsightView = {
  id: string;
  category: Category;
  kind: string;
  subject: { type: string; id: string };
  title: string;
  description: string;
  /** A language model's rewording of `description` whose numbers were all checked, or null. */
  narration: string | null;
  facts: Record<string, Fact>;
  confidence: number;
  band: Band;
  potentialValueMinor: number | null;
  valueFormula: string | null;
  evidence: Evidence;
  link: string | null;
  action: { label: string; url: string } | null;
  status: InsightStatus;
  dismissReason: string | null;
  snoozedUntil: string | null;
  feedback: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
};

type Row = Awaited<ReturnType<typeof prisma.insight.findMany>>[number];

function toView(r: Row): InsightView {
  return {
    id: r.id,
    category: r.category as Category,
    kind: r.kind,
    subject: { type: r.subjectType, id: r.subjectId },
    title: r.title,
    description: r.description,
    narration: r.narration || null,
    facts: JSON.parse(r.facts) as Record<string, Fact>,
    confidence: r.confidence,
    band: r.band as Band,
    potentialValueMinor: r.potentialValueMinor,
    valueFormula: r.valueFormula,
    evidence: JSON.parse(r.evidence) as Evidence,
    link: r.link,
    action: r.action ? (JSON.parse(r.action) as { label: string; url: string }) : null,
    status: r.status as InsightStatus,
    dismissReason: r.dismissReason,
    snoozedUntil: r.snoozedUntil,
    feedback: r.feedback,
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
  };
}

export type InsightList = {
  insights: InsightView[];
  counts: Record<Category | "all", number>;
  lastRun: Awaited<ReturnType<typeof lastRun>>;
};

/** The shop's current open insights (optionally one category), highest rank first. */
export async function listInsights(shopId: string, category?: Category, limit = 100): Promise<InsightList> {
  const where = { shopId, current: true, status: { in: OPEN } };
  const [rows, groups, run] = await Promise.all([
    prisma.insight.findMany({
      where: category ? { ...where, category } : where,
      orderBy: [{ score: "desc" }, { id: "asc" }],
      take: limit,
    }),
    prisma.insight.groupBy({ by: ["category"], where, _count: true }),
    lastRun(shopId),
  ]);
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category | "all", number>;
  counts.all = 0;
  for (const g of groups) {
    counts[g.category as Category] = g._count;
    counts.all += g._count;
  }
  return { insights: rows.map(toView), counts, lastRun: run };
}

/** The insights the merchant has closed (done or dismissed) or snoozed: the history list. */
export async function closedInsights(shopId: string, limit = 50): Promise<InsightView[]> {
  const rows = await prisma.insight.findMany({
    where: { shopId, status: { in: ["done", "dismissed", "snoozed"] } },
    orderBy: [{ statusChangedAt: "desc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map(toView);
}

export type HistoryRow = {
  id: string;
  title: string;
  category: Category;
  band: Band;
  /** Done, Dismissed (with its reason), Snoozed until a day, or Expired (the last run did not find it). */
  outcome: "done" | "dismissed" | "snoozed" | "expired";
  reason: string | null;
  snoozedUntil: string | null;
  /** Dates in the shop's time zone: first found, last found, and when its status last changed. */
  firstFound: string;
  lastFound: string;
  changed: string | null;
};

/**
 * Past insights, most recently found first: those closed (done, dismissed), snoozed, or
 * expired (still new or seen but not confirmed by the last run). A page of HISTORY_PAGE_SIZE.
 */
export async function insightHistory(shop: { id: string; timezone: string }, page = 1) {
  const where = {
    shopId: shop.id,
    OR: [{ status: { in: ["done", "dismissed", "snoozed"] } }, { current: false }],
  };
  const [rows, total] = await Promise.all([
    prisma.insight.findMany({
      where,
      select: {
        id: true,
        title: true,
        category: true,
        band: true,
        status: true,
        current: true,
        dismissReason: true,
        snoozedUntil: true,
        firstSeenAt: true,
        lastSeenAt: true,
        statusChangedAt: true,
      },
      orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * HISTORY_PAGE_SIZE,
      take: HISTORY_PAGE_SIZE,
    }),
    prisma.insight.count({ where }),
  ]);
  const day = (d: Date) => formatInstant(d, shop.timezone, "date");
  const history: HistoryRow[] = rows.map((r) => {
    const closed = r.status === "done" || r.status === "dismissed" || r.status === "snoozed";
    return {
      id: r.id,
      title: r.title,
      category: r.category as Category,
      band: r.band as Band,
      outcome: closed ? (r.status as HistoryRow["outcome"]) : "expired",
      reason: r.dismissReason ? (DISMISS_REASON_LABELS[r.dismissReason as DismissReason] ?? r.dismissReason) : null,
      snoozedUntil: r.snoozedUntil ? formatDay(r.snoozedUntil) : null,
      firstFound: day(r.firstSeenAt),
      lastFound: day(r.lastSeenAt),
      changed: r.statusChangedAt ? day(r.statusChangedAt) : null,
    };
  });
  return { rows: history, page, pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)), total };
}
export type InsightHistory = Awaited<ReturnType<typeof insightHistory>>;
