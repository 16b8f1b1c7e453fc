// The customer models from a list of orders, for the tests and the benchmark's hold-out check.
// Production scores from each customer's stored order summary (app/features/customers/summary.ts);
// these build the same summary from the orders themselves, so a test can state a customer by their
// orders and compare the two paths.
import {
  expectedPurchases,
  fitShopModelSteps,
  predictFrom,
  rfmFrom,
  type Prediction,
  type Rfm,
  type ShopModel,
} from "~/features/customers/clv";
import {
  DEFAULT_SEGMENT_SETTINGS,
  figuresFrom,
  rankCustomers,
  RULE_SEGMENT,
  ruleOf,
  ruleText,
  scoresAt,
  type CustomerFigures,
  type Scores,
  type SegmentSettings,
  type Segment,
} from "~/features/customers/rfm";
import { summarize } from "~/features/customers/summary";
import { runToEnd } from "~/lib/steps";
import type { ChurnRisk } from "~/features/customers/clv";

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;

export type OrderPoint = { at: Date; netMinor: number };

export const summarizeOrders = (orders: readonly OrderPoint[], atMs: number) =>
  summarize(
    orders.map((o) => o.at.getTime()),
    orders.map((o) => o.netMinor),
    atMs,
  );

/** A customer's order history for the models: the days they ordered and their orders' net values. */
export type History = { id: string; orderTimes: readonly number[]; orderValuesMinor: readonly number[] };

const summaryOf = (history: History, now: number) => summarize(history.orderTimes, history.orderValuesMinor, now);

/** x, tx and T (weeks) as of `now`; repeat purchases are counted on distinct days, as the papers do. */
export function rfmOf(history: History, now: number): Rfm | null {
  return rfmFrom(summaryOf(history, now), now);
}

/** Fits the shop's model from its customers' histories (or chooses the simple one). */
export function fitShopModel(histories: readonly History[], now: number): ShopModel {
  return runToEnd(
    fitShopModelSteps(
      histories.map((h) => summaryOf(h, now)),
      now,
    ),
  );
}

/** One customer's 12-month value, churn risk and expected next order under the shop's model. */
export function predict(model: ShopModel, history: History, now: number): Prediction | null {
  return predictFrom(model, summaryOf(history, now), now);
}

/** A customer's figures from their non-cancelled orders, as of `now`. */
export function figuresOf(id: string, orders: readonly OrderPoint[], now: Date): CustomerFigures {
  return figuresFrom(id, summarizeOrders(orders, now.getTime()), now);
}

/** Scores every customer who has ordered; those who never ordered get no scores. */
export function scoreCustomers(customers: readonly CustomerFigures[]) {
  const ranked = runToEnd(rankCustomers(customers));
  const scores = new Map<string, Scores>();
  customers.forEach((c, i) => {
    const s = scoresAt(ranked, i);
    if (s) scores.set(c.id, s);
  });
  return { bands: ranked.bands, smallStore: ranked.bands === 3, cutPoints: ranked.cutPoints, scores };
}

/** The segment and the rule that matched, in words (see ruleOf). */
export function segmentOf(
  figures: CustomerFigures,
  scores: Scores | null,
  bands: 3 | 5,
  settings: SegmentSettings = DEFAULT_SEGMENT_SETTINGS,
  churnRisk: ChurnRisk | null = null,
): { segment: Segment; rule: string } {
  const rule = ruleOf(figures, scores, bands, settings, churnRisk);
  return { segment: RULE_SEGMENT[rule.kind], rule: ruleText(rule) };
}

/**
 * Hold-out check: fit on the orders before `cutoff`, predict each customer's orders in
 * [cutoff, end), and compare with what they did. Returns totals and the mean absolute error.
 */
export function holdoutError(histories: readonly History[], cutoff: number, end: number) {
  const before = histories
    .map((h) => {
      const keep = h.orderTimes.map((t, i) => [t, h.orderValuesMinor[i]!] as const).filter(([t]) => t < cutoff);
      return { id: h.id, orderTimes: keep.map(([t]) => t), orderValuesMinor: keep.map(([, v]) => v) };
    })
    .filter((h) => h.orderTimes.length);
  const model = fitShopModel(before, cutoff);
  if (model.method !== "bgnbd") return { model, customers: before.length, predicted: 0, actual: 0, mae: 0 };
  const weeks = (end - cutoff) / DAY_MS / WEEK_DAYS;
  let predicted = 0;
  let actual = 0;
  let absError = 0;
  const byId = new Map(histories.map((x) => [x.id, x]));
  for (const h of before) {
    const full = byId.get(h.id)!;
    const did = new Set(full.orderTimes.filter((t) => t >= cutoff && t < end).map((t) => Math.floor(t / DAY_MS))).size;
    const expect = expectedPurchases(model.bgnbd, rfmOf(h, cutoff)!, weeks);
    predicted += expect;
    actual += did;
    absError += Math.abs(expect - did);
  }
  return { model, customers: before.length, predicted, actual, mae: absError / Math.max(1, before.length) };
}
