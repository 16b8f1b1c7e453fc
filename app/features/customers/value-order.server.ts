// The list's "value" sort (decision 073): the predicted 12-month value is derived when read (it
// moves with the clock and with each refit, so it is not kept on the score rows), so the shop's
// customers are ordered by it here: computed once from every score row and kept in an
// in-process cache keyed by the shop's last recompute and model, valid for the shop's
// dataVersion (bumped with every order and refund write, decision 009) and five minutes at most.
import { prisma } from "~/db.server";
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

const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : asDate(v));
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function compute(shopId: string, stored: StoredModel | null): Promise<ValueOrder> {
  const rows = await inSqlTransaction((sql) =>
    sql.values(
      `SELECT "customerId", "segment", "orders", "totalSpentMinor", "firstOrderAt", "lastOrderAt", "frequency",
         "monetaryMinor", "medianGapDays", "orderDays", "medianGapMs", "computedAt", "ltvMethod", "predicted12mMinor",
         "pNoPurchase90", "churnRisk", "expectedNextOrderAt"
       FROM "CustomerScore" WHERE "shopId" = ?`,
      [shopId],
    ),
  );
  const n = rows.length;
  const ids = new Array<string>(n);
  const segments = new Array<string>(n);
  const values = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const v = rows[i]!;
    ids[i] = v[0] as string;
    segments[i] = v[1] as string;
    const row = {
      orders: Number(v[2]),
      totalSpentMinor: Number(v[3]),
      firstOrderAt: dateOrNull(v[4]),
      lastOrderAt: dateOrNull(v[5]),
      frequency: Number(v[6]),
      monetaryMinor: Number(v[7]),
      medianGapDays: numberOrNull(v[8]),
      orderDays: Number(v[9]),
      medianGapMs: numberOrNull(v[10]),
      computedAt: asDate(v[11]),
      ltvMethod: v[12] as string | null,
      predicted12mMinor: numberOrNull(v[13]),
      pNoPurchase90: numberOrNull(v[14]),
      churnRisk: v[15] as string | null,
      expectedNextOrderAt: dateOrNull(v[16]),
    };
    values[i] = valueOf(row, stored?.model ?? null, asOfMs(stored?.computedAt ?? null, row));
  }
  const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
  // As the SQL sorts did: by value, then by id ascending; customers without a value last, by id.
  const sorted = (dir: 1 | -1) => {
    const order = Uint32Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      const va = values[a]!;
      const vb = values[b]!;
      if (va === null || vb === null) return va === vb ? byId(a, b) : va === null ? 1 : -1;
      return va === vb ? byId(a, b) : dir * (va - vb);
    });
    return order;
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
