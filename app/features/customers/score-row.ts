// A customer's score row from their order summary, and every customer's of a shop at once
// (decision 067). Pure: the recompute and the webhook's rescore both build their rows here.
import { runToEnd } from "~/lib/steps";
import { fitShopModelSteps, predictFrom, type ShopModel } from "./clv";
import { shown } from "./derived";
import {
  figuresFrom,
  RULE_SEGMENT,
  ruleOf,
  ruleTemplate,
  ruleText,
  scoresAt,
  rankCustomers,
  SEGMENTS,
  type Scores,
  type Segment,
  type SegmentSettings,
} from "./rfm";
import { VALUE_TOLERANCE } from "./query";
import type { OrderSummary } from "./summary";

/** What the search columns are made of. */
export type Names = { firstName: string | null; lastName: string | null; email: string | null };

export const displayName = (c: { firstName: string | null; lastName: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ").trim();

/** The name the screens show: the customer's name, else their e-mail. */
export const nameOf = (c: Names) => displayName(c) || c.email || "Unnamed customer";

/** The search key: lower case, LIKE's wildcards and escape (% _ \\) as private-use characters on both sides. */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (ch) => (ch === "%" ? "\uE000" : ch === "_" ? "\uE001" : "\uE002"));
}

/** One customer as the scoring reads them: their order summary as of the run's instant. */
export type CustomerInput = Names & { customerId: string; summary: OrderSummary | null };

/** The columns whose change makes a row worth writing; not those derived when read (decision 073). */
export const COMPARED_COLUMNS = [
  "searchText",
  "sortName",
  "orders",
  "totalSpentMinor",
  "lastOrderAt",
  "firstOrderAt",
  "frequency",
  "monetaryMinor",
  "medianGapDays",
  "orderDays",
  "medianGapMs",
  "r",
  "f",
  "m",
  "segment",
  "rule",
  "predicted12mMinor",
] as const satisfies readonly (keyof ScoredRow)[];

/** COMPARED_COLUMNS but the sort key, which CustomerValue stores (decision 108). */
export const STABLE_COLUMNS = COMPARED_COLUMNS.filter((c) => c !== "predicted12mMinor");

/** What a row stores as of its write besides: the figures the screens derive when read. */
export const AS_OF_COLUMNS = ["recencyDays", "ltvMethod", "pNoPurchase90", "churnRisk", "expectedNextOrderAt"] as const;

/** Whether a computed value equals the stored one (instants may come back as text). */
const same = (v: unknown, stored: unknown) =>
  v instanceof Date
    ? stored !== null &&
      stored !== undefined &&
      (stored instanceof Date ? stored : new Date(stored as string)).getTime() === v.getTime()
    : (v ?? null) === (stored ?? null);

/** Whether the stored sort key still stands for the computed value, to VALUE_TOLERANCE (null only for null). */
export function valueHolds(value: number | null, stored: unknown): boolean {
  if (value === null || stored === null || stored === undefined) return value === (stored ?? null);
  const key = Number(stored);
  return Math.abs(value - key) <= VALUE_TOLERANCE * Math.abs(key);
}

/** A stored column as a scoring read returns it: `stored_` and the column's name (storedRow). */
const STORED = Object.fromEntries(COMPARED_COLUMNS.map((c) => [c, `stored_${c}`])) as {
  [C in (typeof COMPARED_COLUMNS)[number]]: `stored_${C}`;
};

/** How a computed row differs from the stored one (`stored_…` columns): not, in its sort key alone, or more. */
export function changeOf(row: ScoredRow, stored: Record<string, unknown> | undefined): "none" | "value" | "row" {
  if (!stored) return "row";
  for (const c of STABLE_COLUMNS) if (!same(row[c], stored[STORED[c]])) return "row";
  return valueHolds(row.predicted12mMinor, stored[STORED.predicted12mMinor]) ? "none" : "value";
}

/** What a customer is scored against: the shop's bands, thresholds and lifetime-value model. */
export type Scoring = { bands: 3 | 5; settings: SegmentSettings; model: ShopModel; nowMs: number };

/** A score row's computed columns, with the rule's text as the segment history records it. */
export type ScoredRow = ReturnType<typeof scoreRow>;

/** One customer's row, given their scores (null: never ordered, or not scored). */
export function scoreRow(c: CustomerInput, scores: Scores | null, scoring: Scoring) {
  const s = c.summary;
  const now = new Date(scoring.nowMs);
  const figures = figuresFrom(c.customerId, s, now);
  // As of the run; the screens derive them as of the shop's last recompute (decision 073).
  const prediction = shown(predictFrom(scoring.model, s, scoring.nowMs));
  const rule = ruleOf(figures, scores, scoring.bands, scoring.settings, prediction.churnRisk);
  return {
    customerId: c.customerId,
    searchText: searchKey(`${displayName(c)} ${c.email ?? ""}`.trim()),
    sortName: (displayName(c) || c.email || "").toLowerCase(),
    orders: s?.orders ?? 0,
    totalSpentMinor: s?.netMinor ?? 0,
    lastOrderAt: s ? new Date(s.lastOrderMs) : null,
    firstOrderAt: s ? new Date(s.firstOrderMs) : null,
    recencyDays: figures.recencyDays,
    frequency: figures.frequency,
    monetaryMinor: figures.monetaryMinor,
    medianGapDays: figures.medianGapDays,
    orderDays: s?.orderDays ?? 0,
    medianGapMs: s?.medianGapMs ?? null,
    r: scores?.r ?? null,
    f: scores?.f ?? null,
    m: scores?.m ?? null,
    segment: RULE_SEGMENT[rule.kind],
    // The days the rule quotes are tokens, filled when read (decision 073).
    rule: ruleTemplate(rule),
    ruleText: ruleText(rule),
    ...prediction,
  };
}

export type SegmentTotals = Record<Segment, { customers: number; revenueMinor: number }>;

/** Customers scored between two pauses of scoreShopSteps. */
export const SCORE_CHUNK = 1000;

/** Every customer's row as of `nowMs`: ranks, fits the model unless given (from `previous`), builds. */
export const scoreShop = (...args: Parameters<typeof scoreShopSteps>) => runToEnd(scoreShopSteps(...args));

/** scoreShop in steps: it yields after each `chunk` customers and around the ranking and the fit. */
export function* scoreShopSteps(
  customers: readonly CustomerInput[],
  settings: SegmentSettings,
  model: ShopModel | null,
  nowMs: number,
  previous: ShopModel | null = null,
  chunk = SCORE_CHUNK,
) {
  const now = new Date(nowMs);
  const figures: ReturnType<typeof figuresFrom>[] = [];
  for (let i = 0; i < customers.length; i++) {
    const c = customers[i]!;
    figures.push(figuresFrom(c.customerId, c.summary, now));
    if ((i + 1) % chunk === 0) yield;
  }
  const ranked = yield* rankCustomers(figures);
  const fitted =
    model ??
    (yield* fitShopModelSteps(
      customers.map((c) => c.summary),
      nowMs,
      previous,
    ));
  const scoring: Scoring = { bands: ranked.bands, settings, model: fitted, nowMs };
  yield;
  const totals = Object.fromEntries(SEGMENTS.map((s) => [s, { customers: 0, revenueMinor: 0 }])) as SegmentTotals;
  // Customers who have ordered (and so have scores).
  let scored = 0;
  const rows: ScoredRow[] = [];
  for (let i = 0; i < customers.length; i++) {
    const scores = scoresAt(ranked, i);
    if (scores) scored++;
    const row = scoreRow(customers[i]!, scores, scoring);
    totals[row.segment].customers++;
    totals[row.segment].revenueMinor += row.monetaryMinor;
    rows.push(row);
    if ((i + 1) % chunk === 0) yield;
  }
  return { rows, bands: ranked.bands, cutPoints: ranked.cutPoints, scored, model: scoring.model, totals };
}
