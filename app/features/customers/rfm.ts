// Recency, frequency and monetary scores and the four segments built from them, each with the
// rule that matched (docs/decisions/052-customer-segments.md). Pure.
import { CHURN_HIGH, type ChurnRisk } from "./clv";
import { DAY_MS, type OrderSummary } from "./summary";

/** The spec's four segments, and customers who have not ordered yet (no scores, no segment of the four). */
export const SEGMENTS = ["VIP", "Regular", "New", "At-Risk", "No orders yet"] as const;
export type Segment = (typeof SEGMENTS)[number];

/** Shops with fewer scored customers than this are scored in tertiles (1–3), not quintiles. */
const SMALL_STORE_CUSTOMERS = 500;
export const SMALL_STORE_NOTE =
  "Small store: with fewer than 500 customers who have ordered, scores are tertiles (1–3) instead of quintiles (1–5).";

/** The thresholds a shop can change; scores are read on the 1–5 scale (see bandThreshold for tertiles). */
export type SegmentSettings = {
  /** VIP: recency, frequency and monetary scores all at least this. */
  vipMinScore: number;
  /** New: the first order is at most this many days old. */
  newWithinDays: number;
};

export const DEFAULT_SEGMENT_SETTINGS: SegmentSettings = { vipMinScore: 5, newWithinDays: 30 };

/** Scores one customer's figures against the shop's cut points from its last whole-shop recompute. */
export function scoresAgainst(figures: CustomerFigures, cut: CutPoints): Scores | null {
  if (figures.recencyDays === null) return null;
  return {
    r: scoreAgainst(-figures.recencyDays, negated(cut.r)),
    f: scoreAgainst(figures.frequency, cut.f),
    m: scoreAgainst(figures.monetaryMinor, cut.m),
  };
}

/** One customer's raw figures, computed from their non-cancelled orders. */
export type CustomerFigures = {
  id: string;
  /** Whole days since the last order; null when the customer has never ordered. */
  recencyDays: number | null;
  /** Orders in the last 365 days. */
  frequency: number;
  /** Net spend (after refunds) in the last 365 days, minor units. */
  monetaryMinor: number;
  /** Whole days since the first order; null when none. */
  firstOrderDays: number | null;
  /** Median of the days between consecutive orders; null with fewer than two orders. */
  medianGapDays: number | null;
};

export type Scores = { r: number; f: number; m: number };

/**
 * Where each score starts: index s − 1 holds the least value scored s (for recency, the most
 * days since the last order that still scores s); null when no customer has that score.
 */
export type CutPoints = { r: (number | null)[]; f: (number | null)[]; m: (number | null)[] };

/**
 * Scores 1..bands by rank: a value's score is the band of its tie group's mid-rank,
 * floor(bands × (below + tied / 2) / n) + 1, so equal behaviour always gets the same score.
 */
export function scoreByRank(values: readonly number[], bands: number): number[] {
  const n = values.length;
  // A typed array sorts numerically without a comparator call per pair.
  const sorted = Float64Array.from(values).sort();
  const scoreOf = new Map<number, number>();
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && sorted[end] === sorted[start]) end++;
    scoreOf.set(sorted[start]!, Math.min(bands, Math.floor((bands * (start + (end - start) / 2)) / n) + 1));
    start = end;
  }
  return values.map((v) => scoreOf.get(v)!);
}

/** For each score 1..bands, the least value that has it (null when no customer has that score). */
function leastPerBand(values: readonly number[], scores: readonly number[], bands: number): (number | null)[] {
  const least = new Array<number>(bands).fill(Number.POSITIVE_INFINITY);
  values.forEach((v, i) => {
    const s = scores[i]! - 1;
    if (v < least[s]!) least[s] = v;
  });
  return least.map((v) => (Number.isFinite(v) ? v : null));
}

/** Recency is ranked on the negated days since the last order (fewer is better). */
const negated = (values: readonly (number | null)[]) => values.map((v) => (v === null ? null : -v));

/** One value's score against a shop's bands: the highest band whose least value it reaches, else the lowest. */
function scoreAgainst(value: number, least: readonly (number | null)[]): number {
  let score = 0;
  least.forEach((v, i) => {
    if (v !== null && value >= v) score = i + 1;
  });
  if (score) return score;
  const lowest = least.findIndex((v) => v !== null);
  return lowest === -1 ? 1 : lowest + 1;
}

/**
 * A threshold given on the 1–5 scale, read on a shop's scale: 5 → 3, 4 → 2, 2 → 1 with tertiles
 * (rounded, at least 1), so "top band" and "bottom two of five" keep their meaning.
 */
export function bandThreshold(onFive: number, bands: 3 | 5): number {
  return bands === 5 ? onFive : Math.max(1, Math.round((onFive * bands) / 5));
}

/** Each customer's scores by position in the list given (0: never ordered, not scored). */
export type RankedShop = {
  bands: 3 | 5;
  cutPoints: CutPoints;
  r: Uint8Array;
  f: Uint8Array;
  m: Uint8Array;
};

/** Scores every customer who has ordered, by position, pausing (yielding) after each of the three rankings. */
export function* rankCustomers(customers: readonly CustomerFigures[]): Generator<void, RankedShop, void> {
  const n = customers.length;
  const at = customers.flatMap((c, i) => (c.recencyDays === null ? [] : [i]));
  const count = at.length;
  const bands = count < SMALL_STORE_CUSTOMERS ? 3 : 5;
  // Fewer days since the last order is better: ranked on the negated days.
  const negRecency = at.map((i) => -customers[i]!.recencyDays!);
  const f = at.map((i) => customers[i]!.frequency);
  const m = at.map((i) => customers[i]!.monetaryMinor);
  const r = scoreByRank(negRecency, bands);
  yield;
  const scored = { r, f: scoreByRank(f, bands), m: [] as number[] };
  yield;
  scored.m = scoreByRank(m, bands);
  yield;
  const byPosition = (scores: number[]) => {
    const out = new Uint8Array(n);
    for (let k = 0; k < count; k++) out[at[k]!] = scores[k]!;
    return out;
  };
  return {
    bands,
    cutPoints: {
      r: negated(leastPerBand(negRecency, scored.r, bands)),
      f: leastPerBand(f, scored.f, bands),
      m: leastPerBand(m, scored.m, bands),
    },
    r: byPosition(scored.r),
    f: byPosition(scored.f),
    m: byPosition(scored.m),
  };
}

/** The scores at a position of a ranked shop (null: never ordered). */
export const scoresAt = (ranked: RankedShop, i: number): Scores | null =>
  ranked.r[i] ? { r: ranked.r[i]!, f: ranked.f[i]!, m: ranked.m[i]! } : null;

/** Which rule matched, with the numbers its text quotes (unused ones 0): its text is a function of these alone. */
export type RuleMatch = { kind: RuleKind; a: number; b: number };

/** The rules, in precedence order; each belongs to one segment. */
type RuleKind = "no-orders" | "vip" | "new-first-order" | "at-risk-churn" | "regular";

export const RULE_SEGMENT: Record<RuleKind, Segment> = {
  "no-orders": "No orders yet",
  vip: "VIP",
  "new-first-order": "New",
  "at-risk-churn": "At-Risk",
  regular: "Regular",
};

const match = (kind: RuleKind, a = 0, b = 0): RuleMatch => ({ kind, a, b });

/**
 * The rule that decides the segment, in precedence order VIP, New, At-Risk, Regular ("No orders
 * yet" without orders). At-Risk is a churn risk of High (decision 053), as the customer's page shows it.
 */
export function ruleOf(
  { recencyDays, firstOrderDays }: CustomerFigures,
  scores: Scores | null,
  bands: 3 | 5,
  settings: SegmentSettings = DEFAULT_SEGMENT_SETTINGS,
  churnRisk: ChurnRisk | null = null,
): RuleMatch {
  if (!scores || recencyDays === null) return match("no-orders");
  const vip = bandThreshold(settings.vipMinScore, bands);
  if (scores.r >= vip && scores.f >= vip && scores.m >= vip) return match("vip", vip);
  if (firstOrderDays !== null && firstOrderDays <= settings.newWithinDays)
    return match("new-first-order", firstOrderDays, settings.newWithinDays);
  if (churnRisk === "High") return match("at-risk-churn", Math.round(CHURN_HIGH * 100));
  return match("regular");
}

/**
 * Rules whose text quotes days that grow every day (their `a`): the stored rule has a token in
 * its place, filled when read (ruleAsOf), so a day later no row is rewritten for it (decision 073).
 */
const DAY_TOKENS: Partial<Record<RuleKind, string>> = { "new-first-order": "{firstOrderDays}" };

/** The rule in words, with the days it quotes as tokens (see DAY_TOKENS): what a score row stores. */
export function ruleTemplate(m: RuleMatch): string {
  return wordsOf(m, DAY_TOKENS[m.kind] ?? String(m.a));
}

/** The days a stored rule's tokens stand for, as of one instant. */
type RuleDays = { recencyDays: number | null; firstOrderDays: number | null; joinedDays: number | null };

/** A stored rule (a template, or a text stored before decision 073) with its day tokens filled. */
export function ruleAsOf(template: string, days: RuleDays): string {
  return template.replace(/\{(recencyDays|firstOrderDays|joinedDays)\}/g, (token, name: keyof RuleDays) => {
    const v = days[name];
    return v === null ? token : String(v);
  });
}

/** The rule in words, with the figures it used. */
export function ruleText(m: RuleMatch): string {
  return wordsOf(m, String(m.a));
}

function wordsOf({ kind, b }: RuleMatch, a: string): string {
  switch (kind) {
    case "no-orders":
      return "No orders yet: not ranked until the first order";
    case "vip":
      return `VIP: R, F and M are all at least ${a}`;
    case "new-first-order":
      return `New: first order ${a} days ago (within ${b})`;
    case "at-risk-churn":
      return `At-Risk: churn risk High (no order in the next 90 days is at least ${a}% likely)`;
    case "regular":
      return "Regular: no VIP or New rule matched, churn risk Low or Medium";
  }
}

/** "R 4 · F 2 · M 5 → VIP" */
export function scoreLine(scores: Scores | null, segment: Segment): string {
  return scores ? `R ${scores.r} · F ${scores.f} · M ${scores.m} → ${segment}` : "No orders yet, no scores";
}

/** The figures from a customer's order summary (valid for `now`, see validFor in summary.ts). */
export function figuresFrom(id: string, s: OrderSummary | null, now: Date): CustomerFigures {
  if (!s) return { id, recencyDays: null, frequency: 0, monetaryMinor: 0, firstOrderDays: null, medianGapDays: null };
  const nowMs = now.getTime();
  return {
    id,
    recencyDays: daysSince(s.lastOrderMs, nowMs),
    frequency: s.windowOrders,
    monetaryMinor: s.windowNetMinor,
    firstOrderDays: daysSince(s.firstOrderMs, nowMs),
    medianGapDays: s.medianGapDays,
  };
}

/** Whole days of elapsed time from t to nowMs (0 for a time after it). */
export const daysSince = (t: number, nowMs: number) => Math.max(0, Math.floor((nowMs - t) / DAY_MS));
