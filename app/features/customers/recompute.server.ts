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

/** SQLite pages on the rowid (an update never moves it); PostgreSQL reads in heap order, through a cursor. */
const position = dialect === "sqlite" ? sql`c.rowid` : sql`c.ctid`;

/** The scoring read of the shop's customers as of `now`, in table order, after SQLite's rowid `after`. */
const customersQuery = (db: DbClient, shopId: string, now: Date, after: unknown, limit: number | null) => {
  const sqlite = dialect === "sqlite";
  return (
    scoringRead(db)
      .leftJoin("CustomerValue as v", (j) => j.onRef("v.shopId", "=", "c.shopId").onRef("v.customerId", "=", "c.id"))
      .select(["v.predicted12mMinor as stored_predicted12mMinor"])
      // Only SQLite's pages need to know where one ended.
      .$if(sqlite, (q) => q.select(sql<number>`${position}`.as("position")))
      // SQLite: unary + keeps the planner off the shop's index, so it reads the table from the
      // page's first rowid on (not the shop's every row, sorted, at each page).
      .where(sqlite ? sql<string>`+${sql.ref("c.shopId")}` : sql.ref("c.shopId"), "=", shopId)
      .where("c.createdAt", "<=", now as never)
      .$if(after !== null, (q) => q.where(sql<boolean>`c.rowid > ${after}`))
      .orderBy(position)
      .$if(limit !== null, (q) => q.limit(limit!))
  );
};
type CustomerRow = InferResult<ReturnType<typeof customersQuery>>[number];

/**
 * The rows of the scoring read, a page at a time. SQLite: a statement per page, from the last
 * rowid. PostgreSQL: the one statement, fetched from a cursor a page at a time: received whole,
 * 100,000 rows were taken from the wire and converted in one turn of the event loop (0.2–0.6 s,
 * bench/results/customers.md), and a page on the ctid would sort the rest of the shop each time.
 */
async function eachPage(shopId: string, now: Date, pageSize: number, take: (rows: CustomerRow[]) => Promise<void>) {
  if (dialect === "sqlite") {
    let after: unknown = null;
    for (;;) {
      const rows = await customersQuery(prisma, shopId, now, after, pageSize).execute();
      await take(rows);
      if (rows.length < pageSize) return;
      after = (rows[rows.length - 1] as { position?: number }).position;
      await nextTurn();
    }
  }
  await prisma.$transaction(
    async (tx) => {
      const q = sqlOn(tx);
      await sql`DECLARE scoring_read NO SCROLL CURSOR FOR ${customersQuery(tx, shopId, now, null, null)}`.execute(q);
      for (;;) {
        const { rows } = await sql<CustomerRow>`FETCH ${sql.lit(pageSize)} FROM scoring_read`.execute(q);
        await take(rows);
        if (rows.length < pageSize) return;
      }
    },
    { timeout: READ_TIMEOUT_MS },
  );
}

/** How long the PostgreSQL read's transaction may stay open (Prisma's default is 5 s). */
const READ_TIMEOUT_MS = 120_000;

/** The customers to score as of `now` with their stored rows, in table order (the fit samples every k-th). */
async function readCustomers(shopId: string, now: Date, pageSize: number) {
  const out: { customer: CustomerInput; stored: ReturnType<typeof storedRow> }[] = [];
  await eachPage(shopId, now, pageSize, async (rows) => {
    for (const [i, r] of rows.entries()) {
      if (i && i % SCORE_CHUNK === 0) await nextTurn();
      out.push({
        customer: {
          customerId: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          summary: summaryFrom(r),
        } satisfies CustomerInput,
        stored: storedRow(r),
      });
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
