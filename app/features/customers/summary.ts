// A customer's order summary (docs/decisions/067-customer-order-summary.md): everything the
// scores, segments and lifetime-value models read from a customer's non-cancelled orders, in a
// few numbers. Pure: the recompute reads it stored, the rescore computes it, both alike.

export const DAY_MS = 86_400_000;
/** Frequency and monetary value look back this far (decision 052). */
const WINDOW_MS = 365 * DAY_MS;

export type OrderSummary = {
  /** Non-cancelled orders, all time. */
  orders: number;
  /** Their net spend (total − refunds), minor units. */
  netMinor: number;
  /** First and last order (epoch ms). */
  firstOrderMs: number;
  lastOrderMs: number;
  /** Distinct UTC days with an order (the BG/NBD counts repeat purchases on distinct days). */
  orderDays: number;
  /** Median gap between consecutive orders, in whole days as segments read it and in ms as predictions do. */
  medianGapDays: number | null;
  medianGapMs: number | null;
  /** The windowed figures below hold as of this instant (epoch ms), and stay true until windowEdgeMs. */
  windowAtMs: number;
  /** Orders and their net spend in the 365 days before windowAtMs. */
  windowOrders: number;
  windowNetMinor: number;
  /** When the oldest order in the window leaves it (null: the window is empty and stays so). */
  windowEdgeMs: number | null;
};

// The mean of the middle two (simple-statistics' medianSorted interpolates, which rounds differently).
function medianOf(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const ascending = (a: number, b: number) => a - b;

/**
 * The summary of a customer's non-cancelled orders, windowed as of `atMs` (the orders may
 * include ones after it: the window then counts them too, see validFor). Null without orders.
 */
export function summarize(times: readonly number[], values: readonly number[], atMs: number): OrderSummary | null {
  const n = times.length;
  if (!n) return null;
  const sorted = [...times].sort(ascending);
  const netMinor = values.reduce((sum, v) => sum + v, 0);
  const yearAgo = atMs - WINDOW_MS;
  let windowOrders = 0;
  let windowNetMinor = 0;
  // The oldest order in the window: when it leaves, the windowed figures move.
  let firstT = Infinity;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    if (t > yearAgo) {
      windowOrders++;
      windowNetMinor += values[i]!;
      firstT = Math.min(firstT, t);
    }
  }
  let orderDays = 0;
  let lastDay = NaN;
  const gapsMs: number[] = [];
  for (let i = 0; i < n; i++) {
    const day = Math.floor(sorted[i]! / DAY_MS);
    if (day !== lastDay) orderDays++;
    lastDay = day;
    if (i) gapsMs.push(sorted[i]! - sorted[i - 1]!);
  }
  gapsMs.sort(ascending);
  const gapsDays = gapsMs.map((g) => g / DAY_MS);
  return {
    orders: n,
    netMinor,
    firstOrderMs: sorted[0]!,
    lastOrderMs: sorted[n - 1]!,
    orderDays,
    medianGapDays: n > 1 ? Math.round(medianOf(gapsDays)) : null,
    medianGapMs: n > 1 ? medianOf(gapsMs) : null,
    windowAtMs: atMs,
    windowOrders,
    windowNetMinor,
    windowEdgeMs: windowOrders ? firstT + WINDOW_MS : null,
  };
}

/**
 * Whether a stored summary gives the figures as of `nowMs`: every order it counts happened by
 * then, and its window has not moved (orders only leave the window as time passes: the oldest
 * one at windowEdgeMs). Otherwise the customer's orders are read again.
 */
export function validFor(s: OrderSummary, nowMs: number): boolean {
  return s.lastOrderMs <= nowMs && s.windowAtMs <= nowMs && (s.windowEdgeMs === null || nowMs < s.windowEdgeMs);
}

/** The summary columns, as stored (CustomerOrderSummary) and compared. */
export const SUMMARY_FIELDS = [
  "orders",
  "netMinor",
  "firstOrderMs",
  "lastOrderMs",
  "orderDays",
  "medianGapDays",
  "medianGapMs",
  "windowAtMs",
  "windowOrders",
  "windowNetMinor",
  "windowEdgeMs",
] as const satisfies readonly (keyof OrderSummary)[];

/** Equal in what they say about the orders (the window may have been taken at different instants). */
export function sameOrders(a: OrderSummary | null, b: OrderSummary | null): boolean {
  if (!a || !b) return a === b;
  return SUMMARY_FIELDS.every((f) => f === "windowAtMs" || a[f] === b[f]);
}
