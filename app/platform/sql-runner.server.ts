// The `?`-placeholder runner that the store import, the recomputes and the loyalty backfill were
// written on, now run on Prisma's one connection (SQLite) or pool (PostgreSQL) inside a Prisma
// interactive transaction: no second connection, no second lock (docs/decisions/076-typed-sql.md).
// New SQL is written with Kysely through sqlOn (app/db.server.ts); what is still here moves there.
// SQL is written with `?` placeholders and double-quoted identifiers; values are always bound.
import path from "node:path";
import { dialect, plainRow, prisma } from "~/db.server";
import { env } from "~/env.server";
import { chunks } from "~/lib/chunks";

// Moved to the typed path's modules; re-exported for the callers still here.
export { inSlices } from "~/lib/chunks";
export { bulkId } from "~/platform/bulk-rows.server";

export type SqlValue = string | number | null | Date | boolean;
type Row = Record<string, unknown>;

export interface SqlRunner {
  readonly dialect: "sqlite" | "postgresql";
  all<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The rows as arrays of values in the order of the SELECT list. */
  values(sql: string, params?: readonly SqlValue[]): Promise<unknown[][]>;
  /** Calls `row` with each row as an array of values, in the order of the SELECT list; returns the number of rows. */
  each(sql: string, params: readonly SqlValue[], row: (values: readonly unknown[]) => void): Promise<number>;
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
  /** A value as the driver takes it (run() converts; runConverted() takes converted values). */
  convert(v: SqlValue): unknown;
  runConverted(sql: string, params: readonly unknown[]): Promise<void>;
  /** Runs a statement (converted values); `done` is settled. Kept for callers written for a pipelined driver. */
  start(sql: string, params: readonly unknown[]): Promise<{ done: Promise<void> }>;
}

/** `start` for a runner whose statements do not run beside this process: the statement runs first. */
const startAfterRun =
  (run: (sql: string, params: readonly unknown[]) => Promise<void>) =>
  async (sql: string, params: readonly unknown[]) => {
    await run(sql, params);
    return { done: Promise.resolve() };
  };

/** SQLite keeps DateTime as text in the form Prisma writes it (ISO with +00:00). */
function sqliteValue(v: SqlValue): string | number | null {
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  const iso = v.toISOString();
  return `${iso.slice(0, -1)}+00:00`;
}

const toDollar = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

/** The SQLite database file (a reader thread opens it read-only). */
export function sqliteFile(): string {
  return path.resolve(process.cwd(), env.databaseUrl.replace(/^file:/, ""));
}

/**
 * Runs `fn` in one Prisma interactive transaction, on the process's one connection (SQLite: its
 * transactions are taken one at a time, behind the same lock as every other statement) or pool.
 * It gives up after two minutes.
 */
export async function inSqlTransaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  return prisma.$transaction(async (tx) => fn(sqlThrough(tx)), { timeout: 120_000, maxWait: 30_000 });
}

/** What `sqlThrough` needs of a Prisma client or of an interactive transaction's client. */
type RawClient = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
};

/**
 * The same SQL (`?` placeholders) on a Prisma client or inside the caller's Prisma
 * transaction, on either engine. Rows as sqlOn gives them: 64-bit integers as numbers.
 */
export function sqlThrough(db: RawClient): SqlRunner {
  if (dialect === "postgresql")
    return {
      dialect: "postgresql",
      all: async <T extends Row = Row>(sql: string, params: readonly SqlValue[] = []) =>
        (await db.$queryRawUnsafe<Row[]>(toDollar(sql), ...params)).map(plainRow) as T[],
      values: async (sql, params = []) =>
        (await db.$queryRawUnsafe<Row[]>(toDollar(sql), ...params)).map((r) => Object.values(plainRow(r))),
      each: async (sql, params, row) => eachOf(await db.$queryRawUnsafe<Row[]>(toDollar(sql), ...params), row),
      run: async (sql, params = []) => void (await db.$executeRawUnsafe(toDollar(sql), ...params)),
      convert: (v) => v,
      runConverted: async (sql, params) => void (await db.$executeRawUnsafe(toDollar(sql), ...params)),
      start: startAfterRun(async (sql, params) => void (await db.$executeRawUnsafe(toDollar(sql), ...params))),
    };
  return {
    dialect: "sqlite",
    all: async <T extends Row = Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await db.$queryRawUnsafe<Row[]>(sql, ...params.map(sqliteValue))).map(plainRow) as T[],
    values: async (sql, params = []) =>
      (await db.$queryRawUnsafe<Row[]>(sql, ...params.map(sqliteValue))).map((r) => Object.values(plainRow(r))),
    each: async (sql, params, row) => eachOf(await db.$queryRawUnsafe<Row[]>(sql, ...params.map(sqliteValue)), row),
    run: async (sql, params = []) => void (await db.$executeRawUnsafe(sql, ...params.map(sqliteValue))),
    convert: sqliteValue,
    runConverted: async (sql, params) => void (await db.$executeRawUnsafe(sql, ...params)),
    start: startAfterRun(async (sql, params) => void (await db.$executeRawUnsafe(sql, ...params))),
  };
}

/** Each row object's values to `row`, in the order of the SELECT list. */
function eachOf(rows: Row[], row: (values: readonly unknown[]) => void) {
  for (const r of rows) row(Object.values(plainRow(r)));
  return rows.length;
}

/** `(?, ?, ?)` for a list of n values. */
export const marks = (n: number) => `(${Array.from({ length: n }, () => "?").join(", ")})`;

/** Rows per INSERT of insertRows: one JSON parameter each, of a few hundred kB at most. */
const ROWS_PER_INSERT = 2_000;

/**
 * Multi-row INSERT of rows (arrays in the order of `columns`), sent as one JSON parameter that the
 * database unpacks (SQLite's json_each, PostgreSQL's json_populate_recordset with the table's own
 * column types): thousands of bound values per statement cost more to bind and to prepare again on
 * every call than the insert itself (bench/results/import.md).
 */
export async function insertRows(
  sql: SqlRunner,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
) {
  const list = columns.map((c) => `"${c}"`).join(", ");
  const text =
    sql.dialect === "postgresql"
      ? `INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", ?::json)`
      : `INSERT INTO "${table}" (${list}) SELECT ${columns.map((_, i) => `value ->> ${i}`).join(", ")} FROM json_each(?)`;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const slice = rows.slice(i, i + ROWS_PER_INSERT);
    const json =
      sql.dialect === "postgresql"
        ? JSON.stringify(slice.map((row) => Object.fromEntries(columns.map((c, k) => [c, pgJson(row[k] ?? null)]))))
        : JSON.stringify(slice.map((row) => row.map((v) => sqliteValue(v ?? null))));
    await sql.run(text, [json]);
  }
}

/** A value in PostgreSQL's JSON rows: instants as UTC ISO text (the columns are UTC `timestamp`). */
const pgJson = (v: SqlValue) => (v instanceof Date ? v.toISOString() : v);

/**
 * Multi-row INSERT through Prisma's own connection, for small batches written often (no
 * second SQLite connection kept open): a model's createMany costs about six times the CPU
 * per row in Prisma's query compiler (docs/decisions/043-measured-performance.md).
 */
export async function insertThroughPrisma(table: string, columns: readonly string[], rows: readonly SqlValue[][]) {
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `;
  const tuple = marks(columns.length);
  const convert = dialect === "postgresql" ? (v: SqlValue) => v : sqliteValue;
  for (const slice of chunks(rows, Math.max(1, Math.floor(30_000 / columns.length)))) {
    const text = head + slice.map(() => tuple).join(", ");
    const params: unknown[] = [];
    for (const row of slice) for (const v of row) params.push(convert(v));
    await prisma.$executeRawUnsafe(dialect === "postgresql" ? toDollar(text) : text, ...params);
  }
}
