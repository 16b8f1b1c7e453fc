// Writes a run's ranked findings: one row per (kind, subject), refreshed in place so its
// lifecycle and feedback stay; a subject the run did not find again is kept as history
// (current = false). The status a refreshed row takes is lifecycle.ts's nextStatus.
import { prisma } from "~/db.server";
import { daysBetween, dayInZone } from "~/lib/dates";
import { bandOf } from "~/features/insights/confidence";
import { nextStatus } from "~/features/insights/lifecycle";
import type { Ranked } from "~/features/insights/rank";
import type { InsightStatus } from "~/features/insights/types";

const keyOf = (kind: string, type: string, id: string) => `${kind}\u0000${type}\u0000${id}`;

export async function saveFindings(shopId: string, runId: string, ranked: Ranked[], today: string, now: Date) {
  const stored = await prisma.insight.findMany({
    where: { shopId },
    select: {
      id: true,
      kind: true,
      subjectType: true,
      subjectId: true,
      description: true,
      status: true,
      statusFigure: true,
      snoozedUntil: true,
      current: true,
      lastSeenAt: true,
    },
  });
  const byKey = new Map(stored.map((s) => [keyOf(s.kind, s.subjectType, s.subjectId), s]));
  const seen = new Set<string>();
  let created = 0;
  const writes = [];
  for (const f of ranked) {
    const key = keyOf(f.kind, f.subject.type, f.subject.id);
    seen.add(key);
    const fields = {
      category: f.category,
      title: f.title,
      description: f.description,
      facts: JSON.stringify(f.facts),
      confidence: f.confidence,
      band: bandOf(f.confidence),
      potentialValueMinor: f.potentialValueMinor,
      valueFormula: f.valueFormula,
      evidence: JSON.stringify(f.evidence),
      link: f.link,
      action: f.action ? JSON.stringify(f.action) : null,
      score: f.score,
      figure: f.figure,
      current: true,
      runId,
      lastSeenAt: now,
    };
    const old = byKey.get(key);
    if (!old) {
      created++;
      writes.push(
        prisma.insight.create({
          data: {
            shopId,
            kind: f.kind,
            subjectType: f.subject.type,
            subjectId: f.subject.id,
            ...fields,
            status: "new",
            firstSeenAt: now,
          },
        }),
      );
      continue;
    }
    const lastSeenDay = dayInZone(old.lastSeenAt, "UTC");
    const status = nextStatus(
      { ...old, status: old.status as InsightStatus, lastSeenDay },
      f.figure,
      today,
      daysBetween(lastSeenDay, dayInZone(now, "UTC")),
    );
    const reopened = status !== old.status;
    writes.push(
      prisma.insight.updateMany({
        where: { id: old.id, shopId },
        data: {
          ...fields,
          status,
          // A narration rewords one description: a new one is narrated afresh.
          ...(old.description !== f.description ? { narration: null } : {}),
          ...(reopened ? { statusChangedAt: now, snoozedUntil: null, statusFigure: null, dismissReason: null } : {}),
        },
      }),
    );
  }
  const stopped = stored.filter((s) => s.current && !seen.has(keyOf(s.kind, s.subjectType, s.subjectId)));
  if (stopped.length)
    writes.push(
      prisma.insight.updateMany({ where: { shopId, id: { in: stopped.map((s) => s.id) } }, data: { current: false } }),
    );
  await prisma.$transaction(writes);
  return { created, closed: stopped.length };
}
