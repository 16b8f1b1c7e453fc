// The figures that move with the clock, derived when a score row is read (decision 073): days
// since the last and first order, the rule's days, and the predictions. A score row stores what
// they are derived from, so a day later only rows whose orders, scores or segment moved change. Pure.
import { predictFrom, type Prediction, type ShopModel } from "./clv";
import { daysSince, ruleAsOf } from "./rfm";
import { DAY_MS, type OrderSummary } from "./summary";

/** What a score row holds that the moving figures are derived from. */
export type ScoreInputs = {
  orders: number;
  totalSpentMinor: number;
  firstOrderAt: Date | null;
  lastOrderAt: Date | null;
  frequency: number;
  monetaryMinor: number;
  medianGapDays: number | null;
  orderDays: number;
  medianGapMs: number | null;
  computedAt: Date;
};

/**
 * The instant a row's figures are shown as of: the shop's last whole-shop recompute, or the
 * row's own later rescore (a webhook). A row a recompute left alone still holds as of it.
 */
export const asOfMs = (recomputedAt: Date | null, row: Pick<ScoreInputs, "computedAt">) =>
  Math.max(recomputedAt?.getTime() ?? 0, row.computedAt.getTime());

/** The row's order summary as the models read it (the window as of asOf holds: see asOfMs). */
export function summaryOfRow(row: ScoreInputs, atMs: number): OrderSummary | null {
  if (!row.orders || !row.firstOrderAt || !row.lastOrderAt) return null;
  return {
    orders: row.orders,
    netMinor: row.totalSpentMinor,
    firstOrderMs: row.firstOrderAt.getTime(),
    lastOrderMs: row.lastOrderAt.getTime(),
    orderDays: row.orderDays,
    medianGapDays: row.medianGapDays,
    medianGapMs: row.medianGapMs,
    windowAtMs: atMs,
    windowOrders: row.frequency,
    windowNetMinor: row.monetaryMinor,
    windowEdgeMs: null,
  };
}

/**
 * A prediction at the precision it is shown with: whole currency units, a tenth of a percent, a
 * day (noon UTC of the expected day: the same calendar day in every zone from UTC−11 to UTC+11).
 */
export function shown(p: Prediction | null) {
  const next = p?.expectedNextOrderAt ?? null;
  return {
    ltvMethod: p?.method ?? null,
    predicted12mMinor: p ? Math.round(p.predicted12mMinor / 100) * 100 : null,
    pNoPurchase90: p ? Math.round(p.pNoPurchase90 * 1000) / 1000 : null,
    churnRisk: p?.churnRisk ?? null,
    expectedNextOrderAt: next === null ? null : new Date(Math.floor(next / DAY_MS) * DAY_MS + DAY_MS / 2),
  };
}

/** A row's predictions as of `atMs` under the shop's model. */
export function predictionOf(row: ScoreInputs, model: ShopModel | null, atMs: number) {
  return shown(model && predictFrom(model, summaryOfRow(row, atMs), atMs));
}

/** Days since the last and the first order as of `atMs` (null without orders). */
export function daysOf(row: Pick<ScoreInputs, "lastOrderAt" | "firstOrderAt">, atMs: number) {
  return {
    recencyDays: row.lastOrderAt ? daysSince(row.lastOrderAt.getTime(), atMs) : null,
    firstOrderDays: row.firstOrderAt ? daysSince(row.firstOrderAt.getTime(), atMs) : null,
  };
}

/** The stored rule with the days it quotes filled in as of `atMs`. */
export function ruleOfRow(
  rule: string,
  row: Pick<ScoreInputs, "lastOrderAt" | "firstOrderAt">,
  joinedAt: Date,
  atMs: number,
): string {
  return ruleAsOf(rule, { ...daysOf(row, atMs), joinedDays: daysSince(joinedAt.getTime(), atMs) });
}
