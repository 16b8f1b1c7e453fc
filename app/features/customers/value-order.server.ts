// The list's "value" sort (decision 073): the predicted 12-month value is derived when read (it
// moves with the clock and with each refit, so it is not kept on the score rows), so the shop's
// customers are ordered by it here: computed once from every score row and kept in an
// in-process cache keyed by the shop's last recompute and model, valid for the shop's
// dataVersion (bumped with every order and refund write, decision 009) and five minutes at most.
import { dialect, prisma } from "~/db.server";
import { VersionedCache } from "~/platform/cache.server";
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
  /** Each row's place in desc and in asc, and each id's row. */
  rankDesc: Uint32Array;
  rankAsc: Uint32Array;
  index: Map<string, number>;
};

const orders = new VersionedCache(20);
const TTL_MS = 5 * 60_000;

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

async function compute(shopId: string, stored: StoredModel | null): Promise<ValueOrder> {
  // In id order, so a row's place is its rank among equal values (the SQL sorts' tie-break). On
  // SQLite the table is read in one pass and sorted here: walking the key's index fetched each
  // row at random, twice the time for 100,000 rows (as for the recompute's reads, decision 061).
  const sqlite = dialect === "sqlite";
  const rows = await inSqlTransaction((sql) =>
    sql.values(
      `SELECT "customerId", "segment", "orders", "totalSpentMinor", ${epochMs("firstOrderAt")}, ${epochMs("lastOrderAt")},
         "frequency", "monetaryMinor", "medianGapDays", "orderDays", "medianGapMs", ${epochMs("computedAt")}, "predicted12mMinor"
       FROM "CustomerScore"${sqlite ? " NOT INDEXED" : ""} WHERE "shopId" = ?${sqlite ? "" : ` ORDER BY "customerId"`}`,
      [shopId],
    ),
  );
  if (sqlite) rows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  const n = rows.length;
  const ids = new Array<string>(n);
  const segments = new Array<string>(n);
  const values = new Array<number | null>(n);
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
  let packable = n < ID_SPACE;
  for (let i = 0; i < n; i++) {
    const v = rows[i]!;
    ids[i] = v[0] as string;
    segments[i] = v[1] as string;
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
    const value = valueOf(row, model, asOfMs(recomputedAt, row));
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
  const rankDesc = new Uint32Array(n);
  const rankAsc = new Uint32Array(n);
  desc.forEach((i, k) => (rankDesc[i] = k));
  asc.forEach((i, k) => (rankAsc[i] = k));
  const index = new Map<string, number>();
  ids.forEach((id, i) => index.set(id, i));
  return { ids, segments, values, desc, asc, rankDesc, rankAsc, index };
}

/** The shop's value order, from the cache when nothing changed since it was computed. */
export async function valueOrder(shopId: string, stored: StoredModel | null): Promise<ValueOrder> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { dataVersion: true } });
  const key = `${shopId}:${stored?.computedAt.getTime() ?? 0}:${stored?.fittedAt.getTime() ?? 0}`;
  return orders.get(key, shop?.dataVersion ?? 0, TTL_MS, () => compute(shopId, stored));
}

/** Empties the cache (tests that change rows without touching the shop's dataVersion). */
export function forgetValueOrders() {
  orders.clear();
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
