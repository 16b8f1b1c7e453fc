// Ranking and restraint (issue 37 item 4): expected value × confidence × recency, a minimum
// volume, and a cap per category, so the list is short and the first card is the one worth most.
import { daysBetween } from "~/lib/dates";
import { confidence } from "~/features/insights/confidence";
import type { Category, Finding } from "~/features/insights/types";

export const CAP_PER_CATEGORY = 5;
/** Findings below this confidence are not stored: the clean-store target is few Medium+ a week. */
export const MIN_CONFIDENCE = 0.3;
/** Half-life of recency in days: a finding about last week counts half one about today. */
export const HALF_LIFE_DAYS = 7;
/** The value a finding without money at stake is ranked as (data checks, most customer findings). */
export const UNPRICED_VALUE_MINOR = 10_000;

export type Ranked = Finding & { confidence: number; score: number };

export function scoreOf(finding: Finding, today: string): { confidence: number; score: number } {
  const c = confidence(finding.strength);
  const age = Math.max(0, daysBetween(finding.day, today));
  const recency = 0.5 ** (age / HALF_LIFE_DAYS);
  const value = Math.max(finding.potentialValueMinor ?? UNPRICED_VALUE_MINOR, 1);
  return { confidence: c, score: Math.round(value * c * recency * 100) / 100 };
}

/** The findings kept, best first: confident enough, at most CAP_PER_CATEGORY per category. */
export function rank(findings: Finding[], today: string, cap = CAP_PER_CATEGORY): Ranked[] {
  const scored = findings
    .map((f) => ({ ...f, ...scoreOf(f, today) }))
    .filter((f) => f.confidence >= MIN_CONFIDENCE)
    .sort((a, b) => b.score - a.score || a.subject.id.localeCompare(b.subject.id));
  const taken = new Map<Category, number>();
  const kept: Ranked[] = [];
  for (const f of scored) {
    const n = taken.get(f.category) ?? 0;
    if (n >= cap) continue;
    taken.set(f.category, n + 1);
    kept.push(f);
  }
  return kept;
}
