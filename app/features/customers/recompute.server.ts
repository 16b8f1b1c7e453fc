// The whole-shop recompute (after an import, nightly, weekly with a rebuild): read every
// customer's order summary → scoreShop (score-row.ts, pure) → write the rows that changed, in
// batches, each under the shop's write lock (docs/decisions/067-customer-order-summary.md).
import type { InferResult } from "kysely";
import { dialect, prisma, sql, sqlOn, withShopWriteLock, type DbClient } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { dayInZone } from "~/lib/dates";
import { nextTurn, runYielding } from "~/lib/steps";
import { changeOf, SCORE_CHUNK, scoreShopSteps, type CustomerInput } from "./score-row";
import {
  getSegmentSettings,
  getStoredModel,
  scoringRead,
  storedRow,
  upsertScores,
  type ScoreShop,
} from "./score-store.server";
import { refreshSummaries, summaryFrom } from "./summaries.server";
import { SUMMARY_FIELDS, validFor, type OrderSummary } from "./summary";

/** The fitted lifetime-value model is reused for a day; the nightly recompute refits it. */
const REFIT_AFTER_MS = 20 * 60 * 60 * 1000;
/**
 * Rows per statement and per transaction. SQLite's statement and its COMMIT's WAL checkpoint hold
 * the event loop (20 and 30 ms at 250 rows): one statement per transaction, its COMMIT in a turn
 * of its own. PostgreSQL pays a round trip per statement: fewer, larger ones (bench/results/customers.md).
 */
const [STATEMENT_ROWS, WRITE_BATCH] = dialect === "sqlite" ? [250, 250] : [2000, 2000];

/** Customers read per statement (SQLite) or per fetch of the read's cursor (PostgreSQL). */
export const READ_PAGE = 1000;
const sqlite = dialect === "sqlite";

/**
 * The scoring read as of `now`, in table order. SQLite pages on the rowid (an update never moves
 * it), after `after`; unary + keeps its planner off the shop's index, so a page reads the table
 * from its first rowid on, not the shop's every row sorted.
 */
const customersQuery = (db: DbClient, shopId: string, now: Date, after: unknown, limit: number) =>
  scoringRead(db)
    .leftJoin("CustomerValue as v", (j) => j.onRef("v.shopId", "=", "c.shopId").onRef("v.customerId", "=", "c.id"))
    .select(["v.predicted12mMinor as stored_predicted12mMinor"])
    .$if(sqlite, (q) => q.select(sql<number>`c.rowid`.as("position")).limit(limit))
    .where(sqlite ? sql<string>`+${sql.ref("c.shopId")}` : sql.ref("c.shopId"), "=", shopId)
    .where("c.createdAt", "<=", now as never)
    .$if(after !== null, (q) => q.where(sql<boolean>`c.rowid > ${after}`))
    .orderBy(sqlite ? sql`c.rowid` : sql`c.ctid`);
type CustomerRow = InferResult<ReturnType<typeof customersQuery>>[number];

/**
 * The scoring read's rows, a page at a time. PostgreSQL fetches the one statement from a cursor:
 * received whole, 100,000 rows were converted in one turn of the event loop (0.2–0.6 s), and a
 * page on the ctid sorted the rest of the shop each time (bench/results/customers.md).
 */
async function eachPage(shopId: string, now: Date, size: number, take: (rows: CustomerRow[]) => Promise<void>) {
  let after: unknown = null;
  while (sqlite) {
    const rows = await customersQuery(prisma, shopId, now, after, size).execute();
    await take(rows);
    if (rows.length < size) return;
    after = (rows[rows.length - 1] as { position?: number }).position;
    await nextTurn();
  }
  // At 100,000 customers the read outlasts Prisma's default 5 s for a transaction.
  await prisma.$transaction(
    async (tx) => {
      const query = customersQuery(tx, shopId, now, null, size);
      await sql`DECLARE scoring_read NO SCROLL CURSOR FOR ${query}`.execute(sqlOn(tx));
      for (;;) {
        const { rows } = await sql<CustomerRow>`FETCH ${sql.lit(size)} FROM scoring_read`.execute(sqlOn(tx));
        await take(rows);
        if (rows.length < size) return;
      }
    },
    { timeout: 120_000 },
  );
}

/** The customers to score as of `now` with their stored rows, in table order (the fit samples every k-th). */
async function readCustomers(shopId: string, now: Date, pageSize: number) {
  const out: { customer: CustomerInput; stored: ReturnType<typeof storedRow> }[] = [];
  await eachPage(shopId, now, pageSize, async (rows) => {
    for (const [i, r] of rows.entries()) {
      if (i && i % SCORE_CHUNK === 0) await nextTurn();
      const { id: customerId, firstName, lastName, email } = r;
      out.push({ customer: { customerId, firstName, lastName, email, summary: summaryFrom(r) }, stored: storedRow(r) });
    }
  });
  return out;
}

/**
 * Recomputes every customer as of `now` (scores, segments and their changes, value, churn risk, the
 * day's segment sizes, the model). Summaries are rebuilt when asked (weekly), when none exist or an
 * import ran since, and where they no longer hold. A row a webhook rescored after `now` is kept.
 */
export async function recomputeShop(
  shop: ScoreShop,
  {
    now = new Date(),
    refit = false,
    rebuild = false,
    page = READ_PAGE,
  }: { now?: Date; refit?: boolean; rebuild?: boolean; page?: number } = {},
) {
  const nowMs = now.getTime();
  const [settings, stored, lastImport] = await Promise.all([
    getSegmentSettings(prisma, shop.id),
    getStoredModel(prisma, shop.id),
    prisma.importRun.aggregate({ where: { shopId: shop.id }, _max: { updatedAt: true } }),
  ]);
  const importedAt = lastImport._max.updatedAt;
  const summarizedAt = stored?.summarizedAt ?? null;
  const rebuilding = rebuild || !summarizedAt || (!!importedAt && importedAt >= summarizedAt);
  if (rebuilding) {
    // Every customer's, also those this run does not score (redacted, created after `now`); a
    // summary that comes out the same is not written again.
    const [all, summaries] = await Promise.all([
      prisma.customer.findMany({ where: { shopId: shop.id }, select: { id: true } }),
      sqlOn()
        .selectFrom("CustomerOrderSummary")
        .select(["customerId", ...SUMMARY_FIELDS])
        .where("shopId", "=", shop.id)
        .execute(),
    ]);
    const before = new Map(summaries.map((r) => [r.customerId, summaryFrom(r)]));
    await refreshSummaries(shop.id, all.map((c) => c.id), nowMs, before); // prettier-ignore
  }
  await nextTurn();
  const read = await readCustomers(shop.id, now, page);
  // Summaries that do not hold as of `now` are taken again from the orders.
  const before = new Map<string, OrderSummary | null>();
  for (const { customer: c } of read) if (c.summary && !validFor(c.summary, nowMs)) before.set(c.customerId, c.summary);
  const fresh = await refreshSummaries(shop.id, [...before.keys()], nowMs, before);
  const customers = read.map(({ customer: c }) =>
    fresh.has(c.customerId) ? { ...c, summary: fresh.get(c.customerId)! } : c,
  );

  const age = stored ? nowMs - stored.fittedAt.getTime() : Infinity;
  const reuse = !refit && stored && age >= 0 && age < REFIT_AFTER_MS ? stored.model : null;
  await nextTurn();
  // A refit starts from the stored parameters (decision 073).
  const scored = await runYielding(
    scoreShopSteps(customers, settings, reuse, nowMs, stored?.model ?? null, Math.min(page, SCORE_CHUNK)),
  );

  // Rows that say the same are not sent; those whose sort key alone moved beyond its tolerance (a
  // day on, a refit) write only it (decisions 108, 120). The rows are in the read's order: each finds its stored row by position.
  const change: ReturnType<typeof changeOf>[] = [];
  for (let i = 0; i < scored.rows.length; i++) {
    if (i % Math.min(page, SCORE_CHUNK) === 0) await nextTurn();
    change.push(changeOf(scored.rows[i]!, read[i]!.stored));
  }
  const sum = { written: 0, changes: 0 };
  for (const valueOnly of [false, true]) {
    const at = change.flatMap((c, i) => (c === (valueOnly ? "value" : "row") ? [i] : []));
    for (const positions of chunks(at, WRITE_BATCH)) {
      await nextTurn();
      const was = new Map(
        positions.map((i) => [
          read[i]!.customer.customerId,
          (read[i]!.stored?.stored_segment as string | undefined) ?? null,
        ]),
      );
      const batch = positions.map((i) => scored.rows[i]!);
      await withShopWriteLock(shop.id, async (tx) => {
        for (const part of chunks(batch, STATEMENT_ROWS)) {
          if (part[0] !== batch[0]) await nextTurn();
          const one = await upsertScores(tx, shop.id, part, now, was, { before: now, valueOnly });
          sum.written += one.written;
          sum.changes += one.changes;
        }
        // The COMMIT in a turn of its own (see STATEMENT_ROWS).
        await nextTurn();
      });
    }
  }
  await withShopWriteLock(shop.id, async (tx) => {
    const q = sqlOn(tx);
    // Rows of customers no longer scored (redacted, deleted, created after a past `now`).
    await q
      .deleteFrom("CustomerScore")
      .where("shopId", "=", shop.id)
      .where("computedAt", "<=", now as never)
      .where("customerId", "in", (sub) =>
        sub
          .selectFrom("Customer")
          .select("id")
          .where("shopId", "=", shop.id)
          .where((eb) =>
            eb.or([
              eb("redactedAt", "is not", null),
              eb("deletedAt", "is not", null),
              eb("createdAt", ">", now as never),
            ]),
          ),
      )
      .execute();
    const model = {
      bands: scored.bands,
      customers: scored.scored,
      cutPoints: JSON.stringify(scored.cutPoints),
      model: JSON.stringify(scored.model),
      computedAt: now,
      fittedAt: reuse && stored ? stored.fittedAt : now,
      // When the summaries were rebuilt, by the wall clock (compared with the imports' times).
      summarizedAt: rebuilding ? new Date() : summarizedAt,
    };
    await tx.customerModel.upsert({ where: { shopId: shop.id }, create: { shopId: shop.id, ...model }, update: model });
    const day = dayInZone(now, shop.timezone);
    for (const [segment, total] of Object.entries(scored.totals)) {
      const figures = { customers: total.customers, revenueMinor: BigInt(total.revenueMinor) };
      await tx.customerSegmentDay.upsert({
        where: { shopId_day_segment: { shopId: shop.id, day, segment } },
        create: { shopId: shop.id, day, segment, ...figures },
        update: figures,
      });
    }
  });
  return {
    customers: customers.length,
    ...sum,
    summariesRebuilt: rebuilding,
    model: scored.model,
    bands: scored.bands,
  };
}
