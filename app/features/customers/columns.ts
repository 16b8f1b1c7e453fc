// The whole-shop recompute's working set (decision 067, third pass): every customer's order
// summary as columns of numbers, one position per customer, instead of an object per customer.
// At 100,000 customers the objects (and collecting them) were a visible share of the run; the
// recompute builds a summary object only for the few customers whose row it writes. Pure.
import type { FitSource } from "./clv";
import { holdsAt, slideWindow, SUMMARY_FIELDS, WINDOW_FIELDS, type OrderSummary, type WindowFields } from "./summary";

/** NaN stands for null in the columns (a summary's nullable fields). */
const orNull = (v: number) => (v === v ? v : null);
const orNaN = (v: number | null) => (v === null ? NaN : v);

const grown = <T extends Float64Array | Uint8Array>(a: T, size: number): T => {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
};

/** Customers' order summaries, one position per customer; grows as positions are set. */
export class SummaryColumns {
  /** 1 when the customer has a summary (has ordered); the other columns are 0 otherwise. */
  ordered = new Uint8Array(0);
  orders = new Float64Array(0);
  netMinor = new Float64Array(0);
  firstOrderMs = new Float64Array(0);
  lastOrderMs = new Float64Array(0);
  orderDays = new Float64Array(0);
  medianGapDays = new Float64Array(0);
  medianGapMs = new Float64Array(0);
  windowAtMs = new Float64Array(0);
  windowOrders = new Float64Array(0);
  windowNetMinor = new Float64Array(0);
  windowEdgeMs = new Float64Array(0);
  edgeNetMinor = new Float64Array(0);
  nextEdgeMs = new Float64Array(0);
  nextNetMinor = new Float64Array(0);
  /** Positions 0 … length − 1 have been set. */
  length = 0;

  constructor(capacity = 1024) {
    this.grow(capacity);
  }

  private grow(size: number) {
    this.ordered = grown(this.ordered, size);
    this.orders = grown(this.orders, size);
    this.netMinor = grown(this.netMinor, size);
    this.firstOrderMs = grown(this.firstOrderMs, size);
    this.lastOrderMs = grown(this.lastOrderMs, size);
    this.orderDays = grown(this.orderDays, size);
    this.medianGapDays = grown(this.medianGapDays, size);
    this.medianGapMs = grown(this.medianGapMs, size);
    this.windowAtMs = grown(this.windowAtMs, size);
    this.windowOrders = grown(this.windowOrders, size);
    this.windowNetMinor = grown(this.windowNetMinor, size);
    this.windowEdgeMs = grown(this.windowEdgeMs, size);
    this.edgeNetMinor = grown(this.edgeNetMinor, size);
    this.nextEdgeMs = grown(this.nextEdgeMs, size);
    this.nextNetMinor = grown(this.nextNetMinor, size);
  }

  private reach(i: number) {
    if (i >= this.ordered.length) this.grow(Math.max(2 * this.ordered.length, i + 1));
    if (i >= this.length) this.length = i + 1;
  }

  /** Stores customer i's summary (null: no orders). */
  set(i: number, s: OrderSummary | null) {
    this.reach(i);
    if (!s) {
      this.ordered[i] = 0;
      this.orders[i] = this.netMinor[i] = this.firstOrderMs[i] = this.lastOrderMs[i] = 0;
      this.orderDays[i] = this.medianGapDays[i] = this.medianGapMs[i] = this.windowAtMs[i] = 0;
      this.windowOrders[i] = this.windowNetMinor[i] = this.windowEdgeMs[i] = 0;
      this.edgeNetMinor[i] = this.nextEdgeMs[i] = this.nextNetMinor[i] = 0;
      return;
    }
    this.ordered[i] = 1;
    this.orders[i] = s.orders;
    this.netMinor[i] = s.netMinor;
    this.firstOrderMs[i] = s.firstOrderMs;
    this.lastOrderMs[i] = s.lastOrderMs;
    this.orderDays[i] = s.orderDays;
    this.medianGapDays[i] = orNaN(s.medianGapDays);
    this.medianGapMs[i] = orNaN(s.medianGapMs);
    this.windowAtMs[i] = s.windowAtMs;
    this.windowOrders[i] = s.windowOrders;
    this.windowNetMinor[i] = s.windowNetMinor;
    this.windowEdgeMs[i] = orNaN(s.windowEdgeMs);
    this.edgeNetMinor[i] = orNaN(s.edgeNetMinor);
    this.nextEdgeMs[i] = orNaN(s.nextEdgeMs);
    this.nextNetMinor[i] = orNaN(s.nextNetMinor);
  }

  /**
   * Stores customers 0 … n − 1 from columns holding SUMMARY_FIELDS (summary.ts) in order, as
   * read into columns (app/lib/columns.ts: null as NaN; orders NaN: no summary). Each
   * position as set() stores the summary those values make.
   */
  setColumns(n: number, summary: readonly Float64Array[]) {
    if (summary.length !== SUMMARY_FIELDS.length)
      throw new Error(`setColumns: a summary has ${SUMMARY_FIELDS.length} fields`);
    if (n > 0) this.reach(n - 1);
    // Copied whole, a column at a time (a loop over every field per customer was ~25 ms at
    // 100,000), then the positions without a summary cleared as set(i, null) clears them.
    SUMMARY_FIELDS.forEach((f, k) => this[f].set(summary[k]!.subarray(0, n)));
    const orders = summary[ORDERS]!;
    for (let i = 0; i < n; i++) {
      const o = orders[i]!;
      if (o === o) this.ordered[i] = 1;
      else this.set(i, null);
    }
  }

  /** Customer i's summary as an object (null: no orders). */
  at(i: number): OrderSummary | null {
    if (!this.ordered[i]) return null;
    return {
      orders: this.orders[i]!,
      netMinor: this.netMinor[i]!,
      firstOrderMs: this.firstOrderMs[i]!,
      lastOrderMs: this.lastOrderMs[i]!,
      orderDays: this.orderDays[i]!,
      medianGapDays: orNull(this.medianGapDays[i]!),
      medianGapMs: orNull(this.medianGapMs[i]!),
      windowAtMs: this.windowAtMs[i]!,
      windowOrders: this.windowOrders[i]!,
      windowNetMinor: this.windowNetMinor[i]!,
      windowEdgeMs: orNull(this.windowEdgeMs[i]!),
      edgeNetMinor: orNull(this.edgeNetMinor[i]!),
      nextEdgeMs: orNull(this.nextEdgeMs[i]!),
      nextNetMinor: orNull(this.nextNetMinor[i]!),
    };
  }

  /** The customers among the first n who have ordered, in order, as the model's fit reads them. */
  fitSource(n: number): FitSource {
    let count = 0;
    for (let i = 0; i < n; i++) count += this.ordered[i]!;
    const at = new Uint32Array(count);
    for (let i = 0, k = 0; i < n; i++) if (this.ordered[i]) at[k++] = i;
    return {
      count,
      at: (k) => this.at(at[k]!)!,
      orders: (k) => this.orders[at[k]!]!,
      netMinor: (k) => this.netMinor[at[k]!]!,
      orderDays: (k) => this.orderDays[at[k]!]!,
    };
  }

  /** validFor (summary.ts) on customer i's summary, which must exist. */
  validFor(i: number, nowMs: number): boolean {
    return holdsAt(this.lastOrderMs[i]!, this.windowAtMs[i]!, this.windowEdgeMs[i]!, nowMs);
  }

  /**
   * Moves customer i's summary, which must exist and not hold at `nowMs`, to `nowMs` by its
   * window's look-ahead (slideWindow in summary.ts); false, and the summary untouched, when it
   * counts an order after `nowMs` or the look-ahead does not reach.
   */
  slide(i: number, nowMs: number): boolean {
    const w = Object.fromEntries(WINDOW_FIELDS.map((f) => [f, this[f][i]!])) as WindowFields;
    if (!slideWindow(w, this.lastOrderMs[i]!, nowMs)) return false;
    for (const f of WINDOW_FIELDS) this[f][i] = w[f];
    return true;
  }
}

const [ORDERS, LAST, WINDOW_AT, EDGE] = (["orders", "lastOrderMs", "windowAtMs", "windowEdgeMs"] as const).map((f) =>
  SUMMARY_FIELDS.indexOf(f),
) as [number, number, number, number];
/** The positions of WINDOW_FIELDS among SUMMARY_FIELDS (the read columns). */
const WINDOW_COLUMNS = WINDOW_FIELDS.map((f) => SUMMARY_FIELDS.indexOf(f));

/**
 * The positions among the first n whose summary, in columns holding SUMMARY_FIELDS as read
 * (orders NaN: no summary; null as NaN), exists and does not hold at `nowMs` (validFor), except
 * those `skip` names: the customers whose window moved (or who count orders after `nowMs`).
 */
export function staleSummaries(
  summary: readonly Float64Array[],
  n: number,
  nowMs: number,
  skip: (position: number) => boolean = () => false,
): number[] {
  const orders = summary[ORDERS]!;
  const last = summary[LAST]!;
  const windowAt = summary[WINDOW_AT]!;
  const edge = summary[EDGE]!;
  const stale: number[] = [];
  for (let p = 0; p < n; p++) {
    const o = orders[p]!;
    if (o === o && !holdsAt(last[p]!, windowAt[p]!, edge[p]!, nowMs) && !skip(p)) stale.push(p);
  }
  return stale;
}

/**
 * Whether the stale summary at position p (columns as read) slides to `nowMs` by its look-ahead,
 * as SummaryColumns.slide would (nothing is written): if not, the recompute reads the
 * customer's orders again.
 */
export function slides(summary: readonly Float64Array[], p: number, nowMs: number): boolean {
  const w = Object.fromEntries(WINDOW_FIELDS.map((f, k) => [f, summary[WINDOW_COLUMNS[k]!]![p]!])) as WindowFields;
  return slideWindow(w, summary[LAST]![p]!, nowMs);
}
