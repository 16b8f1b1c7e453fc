// What the screen, the dashboard card and GET /api/ai-insights read: the shop's current open
// insights, best first, with live counts per tab, and the last run.
import { prisma } from "~/db.server";
import {
  CATEGORIES,
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
