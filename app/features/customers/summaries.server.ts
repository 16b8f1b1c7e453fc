// Customers' order summaries (CustomerOrderSummary, decision 067): taken from their
// non-cancelled orders and stored, by the whole-shop recompute (rebuilt, or the stale ones) and
// by a webhook's rescore of one customer.
import { asDate, dialect, jsonRows, sqlOn, withShopWriteLock, type DbClient } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { nextTurn } from "~/lib/steps";
import { sameOrders, summarize, SUMMARY_FIELDS, type OrderSummary } from "./summary";

/** One customer's non-cancelled orders: times (epoch ms) and net values. */
export type OrderList = { times: number[]; values: number[] };

/** Non-cancelled orders of these customers, by customer. */
export async function ordersOf(db: DbClient | undefined, shopId: string, ids: readonly string[]) {
  const lists = new Map<string, OrderList>();
  if (!ids.length) return lists;
  const rows = await sqlOn(db)
    .selectFrom("Order")
    .select(["customerId", "processedAt", "totalMinor", "refundsMinor"])
    .where("shopId", "=", shopId)
    .where("cancelledAt", "is", null)
    .where("customerId", "in", ids)
    .execute();
  for (const o of rows) {
    let list = lists.get(o.customerId!);
    if (!list) lists.set(o.customerId!, (list = { times: [], values: [] }));
    list.times.push(asDate(o.processedAt as Date | string).getTime());
    list.values.push(o.totalMinor - o.refundsMinor);
  }
  return lists;
}

/**
 * From a customer's orders: the summary to store — windowed as of `nowMs`, or as of the last
 * order when some are after it (a recompute as of a past day) — and the one to score with as of
 * `nowMs`, from the orders up to then.
 */
export function summariesOf(list: OrderList | undefined, nowMs: number) {
  if (!list?.times.length) return { stored: null, scoring: null };
  const last = Math.max(...list.times);
  const stored = summarize(list.times, list.values, Math.max(nowMs, last));
  if (last <= nowMs) return { stored, scoring: stored };
  const keep = list.times.flatMap((t, i) => (t <= nowMs ? [i] : []));
  const scoring = summarize(
    keep.map((i) => list.times[i]!),
    keep.map((i) => list.values[i]!),
    nowMs,
  );
  return { stored, scoring };
}

/** A summary row's columns with their PostgreSQL types (the JSON batch casts to them): ms are doubles. */
const SUMMARY_COLUMNS = Object.fromEntries([
  ["shopId", "text"],
  ["customerId", "text"],
  ...SUMMARY_FIELDS.map((f) => [f, f.endsWith("Ms") ? "double precision" : "integer"]),
]) as Record<"shopId" | "customerId" | (typeof SUMMARY_FIELDS)[number], string>;
const SUMMARY_COLUMN_NAMES = Object.keys(SUMMARY_COLUMNS) as (keyof typeof SUMMARY_COLUMNS)[];

/**
 * Stores customers' summaries (null: none, the row is deleted). The rows go as one JSON parameter
 * per statement (jsonRows): bound one value each (13 a row), PostgreSQL's rebuild spent more CPU
 * in binding them than in the upsert (bench/results/customers.md).
 */
export async function writeSummaries(db: DbClient, shopId: string, summaries: Map<string, OrderSummary | null>) {
  const q = sqlOn(db);
  const gone = [...summaries].flatMap(([id, s]) => (s ? [] : [id]));
  const rows = [...summaries].flatMap(([customerId, s]) =>
    s ? [SUMMARY_COLUMN_NAMES.map((c) => (c === "shopId" ? shopId : c === "customerId" ? customerId : s[c]))] : [],
  );
  for (const ids of chunks(gone, 500))
    await q.deleteFrom("CustomerOrderSummary").where("shopId", "=", shopId).where("customerId", "in", ids).execute();
  for (const batch of chunks(rows, 1000))
    await q
      .insertInto("CustomerOrderSummary")
      .columns(SUMMARY_COLUMN_NAMES)
      .expression(jsonRows(SUMMARY_COLUMNS, batch))
      .onConflict((oc) =>
        oc
          .columns(["shopId", "customerId"])
          .doUpdateSet((eb) => Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, eb.ref(`excluded.${f}`)]))),
      )
      .execute();
}

/**
 * Customers per transaction of refreshSummaries. On SQLite the read of their orders, the
 * summaries and the write run in one turn of the event loop: 250 customers (about 4,000 orders)
 * keep it near 30 ms; 1,000 held it 70–80 ms (bench/results/customers.md).
 */
const REFRESH_BATCH = dialect === "sqlite" ? 250 : 1000;

/**
 * Takes these customers' summaries again from their orders, each batch read and written under
 * the shop's write lock (a webhook's newer summary is never overwritten by an older read); writes
 * those that moved from `before` (all without it). Returns the summaries to score with at `nowMs`.
 */
export async function refreshSummaries(
  shopId: string,
  ids: readonly string[],
  nowMs: number,
  before?: Map<string, OrderSummary | null>,
) {
  const scoring = new Map<string, OrderSummary | null>();
  for (const batch of chunks(ids, REFRESH_BATCH)) {
    await nextTurn();
    await withShopWriteLock(shopId, async (tx) => {
      const lists = await ordersOf(tx, shopId, batch);
      const writes = new Map<string, OrderSummary | null>();
      for (const id of batch) {
        const both = summariesOf(lists.get(id), nowMs);
        scoring.set(id, both.scoring);
        const was = before?.get(id) ?? null;
        if (!before || !(sameOrders(was, both.stored) && (!was || was.windowAtMs === both.stored!.windowAtMs)))
          writes.set(id, both.stored);
      }
      await writeSummaries(tx, shopId, writes);
    });
  }
  return scoring;
}

const orNull = (v: number | null) => (v === null ? null : Number(v));

/**
 * A stored summary row as an OrderSummary (null when the customer has none). Written out field by
 * field: the whole-shop recompute builds one per customer.
 */
export function summaryFrom(r: { [F in (typeof SUMMARY_FIELDS)[number]]: number | null }): OrderSummary | null {
  if (r.orders === null) return null;
  return {
    orders: Number(r.orders),
    netMinor: Number(r.netMinor),
    firstOrderMs: Number(r.firstOrderMs),
    lastOrderMs: Number(r.lastOrderMs),
    orderDays: Number(r.orderDays),
    medianGapDays: orNull(r.medianGapDays),
    medianGapMs: orNull(r.medianGapMs),
    windowAtMs: Number(r.windowAtMs),
    windowOrders: Number(r.windowOrders),
    windowNetMinor: Number(r.windowNetMinor),
    windowEdgeMs: orNull(r.windowEdgeMs),
  } satisfies Record<(typeof SUMMARY_FIELDS)[number], number | null>;
}
