// A large read into columns (app/lib/columns.ts), for the whole-shop passes over 100,000 rows.
// On SQLite the read can be split over a table's rowid range and its two halves read at once:
// this thread reads the first on the caller's connection, a worker thread the second on its own
// read-only connection, so the read takes both cores (decision 067, fourth pass).
//
// The worker sees the last committed state, so a split read is for a transaction that has
// written nothing the read depends on yet; with SQLite's single writer (BEGIN IMMEDIATE, see
// inSqlTransaction) nothing else commits meanwhile, and both halves see the same data.
import { columnBuilder, joinColumns, type ColumnKind, type Columns } from "~/lib/columns";
import { sqliteFile, type SqlRunner, type SqlValue } from "~/platform/sql-runner.server";
import { createWorkerPool, workerEntry, type WorkerPool } from "~/platform/worker-pool.server";

/** What the worker reads: a statement with its (converted) parameters, into columns of these kinds. */
export type ColumnRead = { file: string; sql: string; params: unknown[]; kinds: ColumnKind[] };

/**
 * The reader thread exits after this long without a read. Idle, it holds ~14 MB of the process
 * (a V8 heap and the SQLite driver); starting it costs ~150 ms (built; ~280 ms from source), so
 * it stays through a night's recomputes of one shop after another (decision 067, fourth pass).
 */
const READER_IDLE_MS = 5 * 60_000;

let pool: WorkerPool<ColumnRead, Columns> | null = null;
const readerPool = () =>
  (pool ??= createWorkerPool<ColumnRead, Columns>(
    () => workerEntry("sqlite-read-worker", "app/platform/sqlite-read-worker.ts"),
    // Every read is posted at once: the reader goes from one to the next without waiting for
    // this thread, which is busy in a recompute's synchronous work between its awaits (decision
    // 067, ninth pass).
    { size: 1, maxQueue: 8, depth: 9, idleMs: READER_IDLE_MS },
  ));

/**
 * How many halves the reader thread has read, how many reads it made beside this thread's work
 * (readColumnsAside) or ahead of its writes (prefetchAside), and how many halves or reads aside
 * were read here instead (its failures).
 */
const counters = { split: 0, aside: 0, prefetched: 0, fallback: 0 };
export const splitReads = () => ({ ...counters });

/** Reads `text` into columns on this thread. */
async function readHere(sql: SqlRunner, text: string, params: readonly SqlValue[], kinds: readonly ColumnKind[]) {
  const columns = columnBuilder(kinds);
  await sql.each(text, params, columns.add);
  return columns.done();
}

/**
 * Reads `text` into columns on the reader thread, counting it under `counter`; null when the
 * thread failed (the caller reads here, or drops it).
 */
const readOnReader = (
  sql: SqlRunner,
  text: string,
  params: readonly SqlValue[],
  kinds: readonly ColumnKind[],
  counter: "split" | "aside" | "prefetched",
): Promise<Columns | null> =>
  readerPool()
    .run({ file: sqliteFile(), sql: text, params: params.map((v) => sql.convert(v)), kinds: [...kinds] })
    .then((columns) => {
      counters[counter]++;
      return columns;
    })
    .catch(() => null);

/**
 * Starts reading `text` into columns on the reader thread (SQLite) while this thread goes on
 * with other work; if the reader thread fails, the read is made here when the result is awaited.
 * The reader sees the last committed state: inside a transaction, only for tables the
 * transaction has not written (and, under SQLite's single writer, nobody else can meanwhile).
 * On PostgreSQL it is a read here.
 */
export function readColumnsAside(
  sql: SqlRunner,
  text: string,
  params: readonly SqlValue[],
  kinds: readonly ColumnKind[],
): Promise<Columns> {
  if (sql.dialect !== "sqlite") return readHere(sql, text, params, kinds);
  return readOnReader(sql, text, params, kinds, "aside").then((columns) => {
    if (columns) return columns;
    counters.fallback++;
    return readHere(sql, text, params, kinds);
  });
}

/**
 * Runs a read on the reader thread for its side effect only: the pages it reads are then in the
 * OS page cache when this thread writes the same rows (SQLite; the result and any failure are
 * dropped). For a pass whose rows were last touched a day ago: on a machine that pages out
 * what was not read for a minute, each such page costs this thread a read from disk
 * (decision 067, eighth pass). `text` selects one column.
 */
export function prefetchAside(sql: SqlRunner, text: string, params: readonly SqlValue[]): void {
  if (sql.dialect === "sqlite") void readOnReader(sql, text, params, ["value"], "prefetched");
}

/**
 * Reads `text` into columns. With `rowids` on SQLite, `text` ends its parameters with a rowid
 * range (`… AND c.rowid BETWEEN ? AND ?`, appended to `params` here) and is read as two halves
 * at once; if the reader thread fails, its half is read here. Without, or on PostgreSQL, it is
 * one read.
 */
export async function readColumns(
  sql: SqlRunner,
  text: string,
  params: readonly SqlValue[],
  kinds: readonly ColumnKind[],
  rowids?: { from: number; to: number },
): Promise<Columns> {
  const read = (range: readonly number[]) => readHere(sql, text, [...params, ...range], kinds);
  if (!rowids) return read([]);
  if (sql.dialect !== "sqlite") throw new Error("readColumns: a rowid range is for SQLite");
  const middle = Math.floor((rowids.from + rowids.to) / 2);
  if (middle <= rowids.from) return read([rowids.from, rowids.to]);
  const second = readOnReader(sql, text, [...params, middle + 1, rowids.to], kinds, "split");
  const first = await read([rowids.from, middle]);
  let rest = await second;
  if (!rest) {
    counters.fallback++;
    rest = await read([middle + 1, rowids.to]);
  }
  return joinColumns(first, rest);
}
