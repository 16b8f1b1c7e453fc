// The list's "value" sort (decision 073): the predicted 12-month value is derived when read (it
// moves with each refit, so it is not kept on the score rows), so the shop's customers are
// ordered by it here: built once from every score row, for the shop's last recompute and model,
// and kept in memory. A row's value is fixed between recomputes (it is derived as of the later of
// the recompute and the row's own computedAt), so the order only changes where a row was written:
// each request asks for the shop's dataVersion and the rows' latest computedAt (an index), and when
// either moved it re-reads only the rows rescored since, moves them in the order, and drops the
// deleted ones (a deletion bumps the shop's scoreDeletions; the row count then tells).
import { dialect } from "~/db.server";
import { inSqlTransaction } from "~/platform/sql-runner.server";
import { asOfMs, valueOf } from "./derived";
import type { Segment } from "./rfm";
import type { StoredModel } from "./scores.server";

/** The shop's customers by predicted value: positions into ids, each direction with nulls last. */
export type ValueOrder = {
  ids: string[];
  segments: string[];
  values: (number | null)[];
  desc: Uint32Array;
  asc: Uint32Array;
  /** Each live row's place in desc and in asc, and each live id's row (a deleted row's slot stays, unreferenced). */
  rankDesc: Uint32Array;
  rankAsc: Uint32Array;
  index: Map<string, number>;
};

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A date column as epoch milliseconds, read by the database (parsing 300,000 dates here cost more). */
const epochMs = (column: string) =>
  (dialect === "postgresql"
    ? `(EXTRACT(EPOCH FROM "${column}") * 1000)::float8`
    : `CAST(ROUND(unixepoch("${column}", 'subsec') * 1000) AS INTEGER)`) +
  // Named: PostgreSQL's rows come back as objects, where unnamed columns would share one key.
  ` AS "${column}Ms"`;

/** Whole values up to this size sort packed with a row's place in id order (see rankOrder in rfm.ts). */
const ID_SPACE = 2 ** 20;

const SELECT_ROWS = `SELECT "customerId", "segment", "orders", "totalSpentMinor", ${epochMs("firstOrderAt")}, ${epochMs("lastOrderAt")},
   "frequency", "monetaryMinor", "medianGapDays", "orderDays", "medianGapMs", ${epochMs("computedAt")}, "predicted12mMinor"`;

/** A score row's id, segment and derived value, as the order holds them. */
function valuer(stored: StoredModel | null) {
  const model = stored?.model ?? null;
  const recomputedAt = stored?.computedAt ?? null;
  const row = {
    orders: 0,
    totalSpentMinor: 0,
    firstOrderAt: null as Date | null,
    lastOrderAt: null as Date | null,
    frequency: 0,
    monetaryMinor: 0,
    medianGapDays: null as number | null,
    orderDays: 0,
    medianGapMs: null as number | null,
    computedAt: new Date(0),
    ltvMethod: null,
    predicted12mMinor: null as number | null,
    pNoPurchase90: null,
    churnRisk: null,
    expectedNextOrderAt: null,
  };
  return (v: unknown[]): number | null => {
    row.orders = Number(v[2]);
    row.totalSpentMinor = Number(v[3]);
    row.firstOrderAt = v[4] === null ? null : new Date(Number(v[4]));
    row.lastOrderAt = v[5] === null ? null : new Date(Number(v[5]));
    row.frequency = Number(v[6]);
    row.monetaryMinor = Number(v[7]);
    row.medianGapDays = numberOrNull(v[8]);
    row.orderDays = Number(v[9]);
    row.medianGapMs = numberOrNull(v[10]);
    row.computedAt = new Date(Number(v[11]));
    row.predicted12mMinor = numberOrNull(v[12]);
    return valueOf(row, model, asOfMs(recomputedAt, row));
  };
}

async function compute(shopId: string, stored: StoredModel | null): Promise<ValueOrder> {
  // In id order, so a row's place is its rank among equal values (the SQL sorts' tie-break). On
  // SQLite the table is read in one pass and sorted here: walking the key's index fetched each
  // row at random, twice the time for 100,000 rows (as for the recompute's reads, decision 061).
  const sqlite = dialect === "sqlite";
  const rows = await inSqlTransaction((sql) =>
    sql.values(
      `${SELECT_ROWS}
       FROM "CustomerScore"${sqlite ? " NOT INDEXED" : ""} WHERE "shopId" = ?${sqlite ? "" : ` ORDER BY "customerId"`}`,
      [shopId],
    ),
  );
  if (sqlite) rows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  const n = rows.length;
  const ids = new Array<string>(n);
  const segments = new Array<string>(n);
  const values = new Array<number | null>(n);
  const valueOfRow = valuer(stored);
  let packable = n < ID_SPACE;
  for (let i = 0; i < n; i++) {
    const v = rows[i]!;
    ids[i] = v[0] as string;
    segments[i] = v[1] as string;
    const value = valueOfRow(v);
    values[i] = value;
    if (value !== null && !(Number.isInteger(value) && Math.abs(value) < 2 ** 32)) packable = false;
  }
  // As the SQL sorts did: by value, then by id ascending; customers without a value last, by id.
  const sorted = (dir: 1 | -1): Uint32Array => {
    const valued: number[] = [];
    const none: number[] = [];
    for (let i = 0; i < n; i++) (values[i] === null ? none : valued).push(i);
    let order: ArrayLike<number>;
    if (packable) {
      const packed = new Float64Array(valued.length);
      valued.forEach((i, k) => (packed[k] = dir * values[i]! * ID_SPACE + i));
      packed.sort();
      order = Array.from(packed, (p) => p - Math.floor(p / ID_SPACE) * ID_SPACE);
    } else order = valued.sort((a, b) => (values[a] === values[b] ? a - b : dir * (values[a]! - values[b]!)));
    const out = new Uint32Array(n);
    out.set(order);
    out.set(none, valued.length);
    return out;
  };
  const desc = sorted(-1);
  const asc = sorted(1);
  const index = new Map<string, number>();
  ids.forEach((id, i) => index.set(id, i));
  const order = { ids, segments, values, desc, asc, rankDesc: new Uint32Array(0), rankAsc: new Uint32Array(0), index };
  ranks(order);
  return order;
}

function ranks(order: ValueOrder) {
  const { desc, asc } = order;
  const rankDesc = new Uint32Array(order.ids.length);
  const rankAsc = new Uint32Array(order.ids.length);
  for (let k = 0; k < desc.length; k++) rankDesc[desc[k]!] = k;
  for (let k = 0; k < asc.length; k++) rankAsc[asc[k]!] = k;
  order.rankDesc = rankDesc;
  order.rankAsc = rankAsc;
}

/** Row a before row b in the direction: by value, then by id; rows without a value last, by id. */
function before(order: ValueOrder, dir: 1 | -1, a: number, b: number) {
  const va = order.values[a]!;
  const vb = order.values[b]!;
  if (va !== vb) {
    if (va === null) return false;
    if (vb === null) return true;
    return dir * (va - vb) < 0;
  }
  return order.ids[a]! < order.ids[b]!;
}

/** The list without the dropped rows, with the added rows at their places (binary search). */
function patchList(order: ValueOrder, list: Uint32Array, drop: Uint8Array, add: number[], dir: 1 | -1) {
  // A plain loop: a typed array's filter with a callback took ~20 ms for 100,000 rows under load.
  const keptAll = new Uint32Array(list.length);
  let n = 0;
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    if (drop[i] !== 1) keptAll[n++] = i;
  }
  const kept = keptAll.subarray(0, n);
  add.sort((a, b) => (before(order, dir, a, b) ? -1 : 1));
  const out = new Uint32Array(kept.length + add.length);
  let from = 0;
  let at = 0;
  for (const row of add) {
    let lo = from;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(order, dir, kept[mid]!, row)) lo = mid + 1;
      else hi = mid;
    }
    out.set(kept.subarray(from, lo), at);
    at += lo - from;
    out[at++] = row;
    from = lo;
  }
  out.set(kept.subarray(from), at);
  return out;
}

/**
 * What tells whether the order moved: the shop's dataVersion (every order and refund write, and
 * the deletion of a score row, bump it), its scoreDeletions (only a deletion bumps it) and the
 * latest computedAt (an index seek), one query.
 */
async function stateOf(shopId: string) {
  const [row] = await inSqlTransaction((sql) =>
    sql.values(
      `SELECT "dataVersion", (SELECT MAX("computedAt") FROM "CustomerScore" WHERE "shopId" = ?), "scoreDeletions" FROM "Shop" WHERE "id" = ?`,
      [shopId, shopId],
    ),
  );
  const latest = row?.[1];
  return {
    version: Number(row?.[0] ?? 0),
    latestMs: latest === null || latest === undefined ? 0 : new Date(latest as string | Date).getTime(),
    deletions: Number(row?.[2] ?? 0),
  };
}

/**
 * How many score rows the shop has: read only when its scoreDeletions moved (a row may have been
 * deleted). Counting on every order cost 25–50 ms at 100,000 customers (decision 073).
 */
async function countOf(shopId: string) {
  counts++;
  const [row] = await inSqlTransaction((sql) =>
    sql.values(`SELECT COUNT(*) FROM "CustomerScore" WHERE "shopId" = ?`, [shopId]),
  );
  return Number(row?.[0] ?? 0);
}

/**
 * Rows are re-read from this long before the latest write seen: a rescore stamps computedAt when it
 * starts, so one that committed after a later one is still found (decision 073).
 */
const SLACK_MS = 60_000;
/** Past this many rows rescored since, building the order again is as quick as patching it. */
const PATCH_MAX = 5_000;

type Held = { key: string; version: number; latestMs: number; deletions: number; checkedMs: number; order: ValueOrder };
const held = new Map<string, Promise<Held>>();
const MAX_SHOPS = 20;

let builds = 0;
/** How many times an order was built from every row (tests: a patch must not build). */
export const valueOrderBuilds = () => builds;
let counts = 0;
/** How many times a shop's score rows were counted (tests: an order must not count them). */
export const valueOrderCounts = () => counts;

async function build(shopId: string, stored: StoredModel | null, key: string): Promise<Held> {
  builds++;
  const state = await stateOf(shopId);
  return { key, ...state, checkedMs: Date.now(), order: await compute(shopId, stored) };
}

/** Moves the rows rescored since the order was built (or last patched) and drops the deleted ones. */
async function patch(shopId: string, stored: StoredModel | null, h: Held): Promise<Held> {
  const state = await stateOf(shopId);
  if (state.version === h.version && state.latestMs === h.latestMs) return h;
  // Rows stamped with the recompute's own instant were written by it: the build read them (a
  // rescore is stamped with its own instant, which may be before the recompute's).
  // Bounded by this process's clock too: a row stamped ahead of it (a recompute run "a day later")
  // must not hide the rescores stamped now.
  const since = new Date(Math.min(h.latestMs, state.latestMs, h.checkedMs) - SLACK_MS);
  const checkedMs = Date.now();
  const rows = await inSqlTransaction((sql) =>
    sql.values(
      `${SELECT_ROWS} FROM "CustomerScore" WHERE "shopId" = ? AND "computedAt" >= ? AND "computedAt" <> ? LIMIT ${PATCH_MAX + 1}`,
      [shopId, since, stored?.computedAt ?? new Date(0)],
    ),
  );
  if (rows.length > PATCH_MAX) return build(shopId, stored, h.key);
  // A new object: a request walking the previous order in slices keeps its positions.
  const order = { ...h.order };
  const valueOfRow = valuer(stored);
  const dropped = new Set<number>();
  const add: number[] = [];
  for (const v of rows) {
    const id = v[0] as string;
    let i = order.index.get(id);
    if (i === undefined) {
      i = order.ids.length;
      order.ids.push(id);
      order.segments.push(v[1] as string);
      order.values.push(valueOfRow(v));
      order.index.set(id, i);
    } else {
      dropped.add(i);
      order.segments[i] = v[1] as string;
      order.values[i] = valueOfRow(v);
    }
    add.push(i);
  }
  if (state.deletions !== h.deletions && order.index.size !== (await countOf(shopId))) {
    // Rows were deleted (customers/redact, a deleted customer): find which.
    const live = await inSqlTransaction((sql) =>
      sql.values(`SELECT "customerId" FROM "CustomerScore" WHERE "shopId" = ?`, [shopId]),
    );
    const ids = new Set(live.map((v) => v[0] as string));
    for (const [id, i] of order.index)
      if (!ids.has(id)) {
        order.index.delete(id);
        order.values[i] = null;
        dropped.add(i);
      }
  }
  const drop = new Uint8Array(order.ids.length);
  for (const i of dropped) drop[i] = 1;
  order.desc = patchList(order, order.desc, drop, add, -1);
  order.asc = patchList(order, order.asc, drop, add.slice(), 1);
  ranks(order);
  return { key: h.key, ...state, checkedMs, order };
}

/**
 * The shop's value order: built for the shop's last recompute and model (a new one builds it
 * again), patched with the rows written since it was built or last patched.
 */
export function valueOrder(shopId: string, stored: StoredModel | null): Promise<ValueOrder> {
  const key = `${stored?.computedAt.getTime() ?? 0}:${stored?.fittedAt.getTime() ?? 0}`;
  const previous = held.get(shopId);
  // One step at a time per shop: a patch works on the order the previous step left.
  const next = (previous ?? Promise.reject(new Error("none")))
    .then((h) => (h.key === key ? patch(shopId, stored, h) : build(shopId, stored, key)))
    .catch(() => build(shopId, stored, key));
  held.delete(shopId);
  held.set(shopId, next);
  next.catch(() => {
    if (held.get(shopId) === next) held.delete(shopId);
  });
  while (held.size > MAX_SHOPS) held.delete(held.keys().next().value as string);
  return next.then((h) => h.order);
}

/** Empties the cache (tests that change rows without stamping computedAt). */
export function forgetValueOrders() {
  held.clear();
}

/** One page of a segment's (or every) customer ids by value. */
export function valuePage(
  order: ValueOrder,
  segment: Segment | null,
  dir: "asc" | "desc",
  skip: number,
  take: number,
): string[] {
  const out: string[] = [];
  let seen = 0;
  for (const i of dir === "asc" ? order.asc : order.desc) {
    if (segment && order.segments[i] !== segment) continue;
    if (seen++ < skip) continue;
    out.push(order.ids[i]!);
    if (out.length === take) break;
  }
  return out;
}

/** Ids (matches of a search) in value order, as valuePage orders them. */
export function inValueOrder(order: ValueOrder, ids: readonly string[], dir: "asc" | "desc"): string[] {
  const rank = dir === "asc" ? order.rankAsc : order.rankDesc;
  const at = (id: string) => {
    const i = order.index.get(id);
    return i === undefined ? Number.MAX_SAFE_INTEGER : rank[i]!;
  };
  return [...ids].sort((a, b) => at(a) - at(b));
}

/** The ids in value order from position `from`, `count` of them (a walk for a common search). */
export function valueSlice(
  order: ValueOrder,
  segment: Segment | null,
  dir: "asc" | "desc",
  from: number,
  count: number,
) {
  const out: string[] = [];
  const list = dir === "asc" ? order.asc : order.desc;
  let k = from;
  for (; k < list.length && out.length < count; k++) {
    const i = list[k]!;
    if (!segment || order.segments[i] === segment) out.push(order.ids[i]!);
  }
  return { ids: out, next: k, done: k >= list.length };
}
