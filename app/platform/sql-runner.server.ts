// Plain SQL for the store import's hot path, on one connection per transaction.
// On SQLite the import writes through its own better-sqlite3 connection to the
// same database file, with prepared statements cached and reused: through Prisma's
// driver adapter every statement is prepared again, which cost most of the import's
// time (docs/decisions/032-bulk-import-design.md). On PostgreSQL the same SQL runs in a
// Prisma interactive transaction. SQL is written with `?` placeholders and double-
// quoted identifiers; values are always bound, never spliced into the text.
import { createRequire } from "node:module";
import path from "node:path";
import type Database from "better-sqlite3";
import type pg from "pg";
import { dialect, prisma } from "~/db.server";
import { env } from "~/env.server";
import { chunks } from "~/lib/chunks";

// Required on SQLite only, when first used: a server on PostgreSQL never loads the SQLite
// driver (docs/decisions/070-server-memory.md).
const require = createRequire(import.meta.url);

export type SqlValue = string | number | null | Date | boolean;
type Row = Record<string, unknown>;

export interface SqlRunner {
  readonly dialect: "sqlite" | "postgresql";
  all<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /**
   * The rows as arrays of values in the order of the SELECT list: for reads of 100,000 rows,
   * where better-sqlite3 builds an array for a row in about two thirds of the time it takes to
   * build an object (docs/decisions/067-customer-order-summary.md).
   */
  values(sql: string, params?: readonly SqlValue[]): Promise<unknown[][]>;
  /**
   * Calls `row` with each row as an array of values, in the order of the SELECT list; returns the
   * number of rows. On SQLite the rows are not kept: each array is garbage as soon as it is read,
   * for a caller that copies 100,000 rows into columns (decision 067, third pass). The array
   * passed may be reused for the next row.
   */
  each(sql: string, params: readonly SqlValue[], row: (values: readonly unknown[]) => void): Promise<number>;
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
  /** A value as the driver takes it (run() converts; runConverted() takes converted values). */
  convert(v: SqlValue): unknown;
  runConverted(sql: string, params: readonly unknown[]): Promise<void>;
  /**
   * Starts a statement (converted values) that the database runs while this process goes on
   * computing: resolves once the statement has left this process (PostgreSQL through the
   * driver: its bytes are on the socket), with `done` settling when it has run. Statements
   * issued after it on this runner run after it. Elsewhere it runs the statement first.
   */
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

/** The connection's page cache, in MB (withPageCache enlarges it for one pass). */
const CACHE_MB = 16;

let connection: {
  url: string;
  file: string;
  db: Database.Database;
  statements: Map<string, Database.Statement>;
} | null = null;
let queue: Promise<unknown> = Promise.resolve();

function sqliteConnection() {
  // Called for every statement: the open connection is reused while the URL is the same.
  if (connection && connection.url === env.databaseUrl) return connection;
  const file = path.resolve(process.cwd(), env.databaseUrl.replace(/^file:/, ""));
  if (!connection || connection.file !== file) {
    connection?.db.close();
    const Sqlite = require("better-sqlite3") as typeof Database;
    const db = new Sqlite(file);
    db.pragma("busy_timeout = 10000");
    // The import inserts into several secondary indexes at scattered places; a
    // larger page cache than SQLite's 2 MB default keeps their pages in memory.
    db.pragma(`cache_size = -${CACHE_MB * 1024}`);
    // In WAL mode NORMAL never corrupts the file; a crash may lose the last
    // commits, and every commit here carries its own resume point, so the import
    // then simply resumes from an earlier batch.
    db.pragma("synchronous = NORMAL");
    // No automatic checkpoints from this connection: the import checkpoints once
    // after each phase (finishBulkWrite), so hot index pages are copied back once.
    db.pragma("wal_autocheckpoint = 0");
    connection = { url: env.databaseUrl, file, db, statements: new Map() };
  }
  connection.url = env.databaseUrl;
  return connection;
}

/** The SQLite database file this process's connection writes (a reader thread opens it too). */
export function sqliteFile(): string {
  return sqliteConnection().file;
}

function statement(sql: string, raw = false) {
  const c = sqliteConnection();
  const key = raw ? `raw:${sql}` : sql;
  let s = c.statements.get(key);
  if (!s) {
    s = c.db.prepare(sql);
    if (raw) s.raw(true);
    if (c.statements.size > 500) c.statements.clear();
    c.statements.set(key, s);
  }
  return s;
}

const sqliteRunner: SqlRunner = {
  dialect: "sqlite",
  async all<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []) {
    return statement(sql).all(...params.map(sqliteValue)) as T[];
  },
  async values(sql: string, params: readonly SqlValue[] = []) {
    return statement(sql, true).all(...params.map(sqliteValue)) as unknown[][];
  },
  async each(sql: string, params: readonly SqlValue[], row: (values: readonly unknown[]) => void) {
    let n = 0;
    for (const v of statement(sql, true).iterate(...params.map(sqliteValue)) as IterableIterator<unknown[]>) {
      row(v);
      n++;
    }
    return n;
  },
  async run(sql: string, params: readonly SqlValue[] = []) {
    const values = new Array(params.length);
    for (let i = 0; i < params.length; i++) values[i] = sqliteValue(params[i]);
    statement(sql).run(values);
  },
  convert: sqliteValue,
  async runConverted(sql: string, params: readonly unknown[]) {
    statement(sql).run(params);
  },
  start: startAfterRun(async (sql, params) => void statement(sql).run(params)),
};

const toDollar = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

/**
 * Runs `fn` in one transaction on one connection. SQLite transactions are taken
 * one at a time in this process (the file allows one writer anyway).
 *
 * `foreignKeys: false` (SQLite only) leaves out the foreign-key probes for this
 * transaction, for a bulk writer whose every reference is to a row it read or wrote in the
 * same transaction (the write lock taken by BEGIN IMMEDIATE keeps those rows there until
 * the commit): the probes were about a tenth of the store import's inserts
 * (docs/decisions/032-bulk-import-design.md, later pass). The setting is restored after.
 *
 * `direct: true` (PostgreSQL only) runs the transaction on a connection of this module's own
 * pool, through the driver (inPgTransaction), instead of a Prisma interactive transaction: for a
 * pass that reads 100,000 rows and writes thousands, where Prisma's conversion of every value
 * and row cost more than the server's work (decision 067, twelfth pass).
 */
export async function inSqlTransaction<T>(
  fn: (sql: SqlRunner) => Promise<T>,
  { foreignKeys = true, direct = false }: { foreignKeys?: boolean; direct?: boolean } = {},
): Promise<T> {
  if (dialect === "postgresql")
    return direct
      ? inPgTransaction(fn)
      : prisma.$transaction(async (tx) => fn(sqlThrough(tx)), { timeout: 120_000, maxWait: 30_000 });
  const run = async () => {
    const { db } = sqliteConnection();
    // Outside a transaction only: SQLite ignores the pragma inside one.
    const restore = foreignKeys ? null : db.pragma("foreign_keys", { simple: true });
    if (restore !== null) db.pragma("foreign_keys = OFF");
    try {
      db.prepare("BEGIN IMMEDIATE").run();
      try {
        const result = await fn(sqliteRunner);
        db.prepare("COMMIT").run();
        return result;
      } catch (error) {
        if (db.inTransaction) db.prepare("ROLLBACK").run();
        throw error;
      }
    } finally {
      if (restore !== null) db.pragma(`foreign_keys = ${Number(restore)}`);
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Runs `fn` with this process's SQLite connection's page cache enlarged to `mb`, then shrinks it
 * back and frees the pages above it (PRAGMA shrink_memory). For a pass inside inSqlTransaction
 * that rewrites thousands of rows at scattered pages of a table and its indexes: with the
 * default cache, dirty pages are spilled to the log before the commit and read back (decision
 * 067, fourth pass). A no-op on PostgreSQL and on a runner that is not this connection's.
 */
export async function withPageCache<T>(sql: SqlRunner, mb: number, fn: () => Promise<T>): Promise<T> {
  if (sql !== sqliteRunner || !connection) return fn();
  const { db } = connection;
  db.pragma(`cache_size = -${mb * 1024}`);
  try {
    return await fn();
  } finally {
    db.pragma(`cache_size = -${CACHE_MB * 1024}`);
    db.pragma("shrink_memory");
  }
}

let pgPool: { url: string; pool: pg.Pool } | null = null;

/** PostgreSQL's `timestamp` (without time zone, OID 1114) holds UTC here, as Prisma writes it. */
const TIMESTAMP_OID = 1114;
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

function directPool(): pg.Pool {
  if (!pgPool || pgPool.url !== env.databaseUrl) {
    void pgPool?.pool.end();
    // Two connections: the passes that use it are jobs, one shop at a time per process.
    const driver = require("pg") as typeof pg;
    const created = new driver.Pool({
      connectionString: env.databaseUrl,
      max: 2,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 30_000,
      allowExitOnIdle: true,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === TIMESTAMP_OID && format !== "binary"
            ? utcTimestamp
            : driver.types.getTypeParser(oid, format)) as typeof driver.types.getTypeParser,
      },
    });
    // An idle connection the server closes (a restart, a dropped database) must not end the process.
    created.on("error", (error) => console.error(`[sql] idle database connection lost: ${error.message}`));
    pgPool = { url: env.databaseUrl, pool: created };
    // For the tests' teardown, which drops the database (tests/setup-db.ts).
    (globalThis as { __sqlDirectPool?: pg.Pool }).__sqlDirectPool = created;
  }
  return pgPool.pool;
}

/** A bound value as the driver takes it: instants as UTC ISO text (the columns are UTC `timestamp`). */
const pgValue = (v: SqlValue) => (v instanceof Date ? v.toISOString() : v);

/** The runner for one of directPool's connections (rows as the driver parses them: 64-bit integers as text). */
function pgRunner(client: pg.PoolClient): SqlRunner {
  const query = async (sql: string, params: readonly unknown[], rowMode?: "array"): Promise<{ rows: unknown[] }> =>
    rowMode
      ? client.query({ text: toDollar(sql), values: params as unknown[], rowMode })
      : client.query({ text: toDollar(sql), values: params as unknown[] });
  return {
    dialect: "postgresql",
    all: async <T extends Row = Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await query(sql, params.map(pgValue))).rows as T[],
    values: async (sql, params = []) => (await query(sql, params.map(pgValue), "array")).rows as unknown[][],
    each: async (sql, params, row) => {
      const { rows } = await query(sql, params.map(pgValue), "array");
      for (const r of rows as unknown[][]) row(r);
      return rows.length;
    },
    run: async (sql, params = []) => void (await query(sql, params.map(pgValue))),
    convert: pgValue,
    runConverted: async (sql, params) => void (await query(sql, params)),
    start: async (sql, params) => {
      const done = query(sql, params).then(() => undefined);
      // Read by the caller, which awaits `done` before its next statement's result.
      done.catch(() => undefined);
      // The driver hands the statement to the socket at once when the connection is idle; what
      // the socket did not take at once (a statement of a few hundred kB) leaves this process
      // only on a turn of the event loop, which a caller computing for hundreds of ms would not
      // give it (decision 067, thirteenth pass).
      const socket = (client as unknown as { connection?: { stream?: { writableLength?: number } } }).connection
        ?.stream;
      for (let turns = 0; turns < 10_000 && (socket?.writableLength ?? 0) > 0; turns++)
        await new Promise((resolve) => setImmediate(resolve));
      return { done };
    },
  };
}

/**
 * `fn` in one transaction on a connection of directPool (inSqlTransaction's `direct`). As
 * Prisma's interactive transactions here, it gives up after two minutes: each statement is
 * limited to that.
 */
async function inPgTransaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const client = await directPool().connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN; SET LOCAL statement_timeout = 120000");
    const result = await fn(pgRunner(client));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((e: Error) => (broken = e));
    throw error;
  } finally {
    // A connection that could not roll back is closed, not handed to the next transaction.
    client.release(broken);
  }
}

/** What `sqlThrough` needs of a Prisma client or of an interactive transaction's client. */
type RawClient = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
};

/**
 * The same SQL (`?` placeholders) on a Prisma client or inside the caller's Prisma
 * transaction, on either engine: for a hot path that must see and join the caller's
 * uncommitted writes (a webhook's transaction), where the import's own SQLite connection
 * cannot. Raw statements skip Prisma's query compiler.
 */
export function sqlThrough(db: RawClient): SqlRunner {
  if (dialect === "postgresql")
    return {
      dialect: "postgresql",
      all: (sql, params = []) => db.$queryRawUnsafe(toDollar(sql), ...params),
      values: async (sql, params = []) =>
        (await db.$queryRawUnsafe<Row[]>(toDollar(sql), ...params)).map((r) => Object.values(r)),
      each: async (sql, params, row) => eachOf(await db.$queryRawUnsafe<Row[]>(toDollar(sql), ...params), row),
      run: async (sql, params = []) => void (await db.$executeRawUnsafe(toDollar(sql), ...params)),
      convert: (v) => v,
      runConverted: async (sql, params) => void (await db.$executeRawUnsafe(toDollar(sql), ...params)),
      start: startAfterRun(async (sql, params) => void (await db.$executeRawUnsafe(toDollar(sql), ...params))),
    };
  return {
    dialect: "sqlite",
    all: (sql, params = []) => db.$queryRawUnsafe(sql, ...params.map(sqliteValue)),
    values: async (sql, params = []) =>
      (await db.$queryRawUnsafe<Row[]>(sql, ...params.map(sqliteValue))).map((r) => Object.values(r)),
    each: async (sql, params, row) => eachOf(await db.$queryRawUnsafe<Row[]>(sql, ...params.map(sqliteValue)), row),
    run: async (sql, params = []) => void (await db.$executeRawUnsafe(sql, ...params.map(sqliteValue))),
    convert: sqliteValue,
    runConverted: async (sql, params) => void (await db.$executeRawUnsafe(sql, ...params)),
    start: startAfterRun(async (sql, params) => void (await db.$executeRawUnsafe(sql, ...params))),
  };
}

/** Each row object's values to `row`, in the order of the SELECT list. */
function eachOf(rows: Row[], row: (values: readonly unknown[]) => void) {
  for (const r of rows) row(Object.values(r));
  return rows.length;
}

/** `(?, ?, ?)` for a list of n values. */
export const marks = (n: number) => `(${Array.from({ length: n }, () => "?").join(", ")})`;

const ROWS_PER_INSERT = 100;

/** Multi-row INSERT of rows (arrays in the order of `columns`); full groups reuse one prepared statement. */
export async function insertRows(
  sql: SqlRunner,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
) {
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `;
  const tuple = marks(columns.length);
  const per = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(30_000 / columns.length)));
  const full = head + Array.from({ length: per }, () => tuple).join(", ");
  const params: unknown[] = new Array(per * columns.length);
  let i = 0;
  for (; i + per <= rows.length; i += per) {
    let k = 0;
    for (let r = i; r < i + per; r++) {
      const row = rows[r];
      for (let c = 0; c < row.length; c++) params[k++] = sql.convert(row[c]);
    }
    await sql.runConverted(full, params);
  }
  // The rest: on SQLite a cached single-row statement each; on PostgreSQL, where a statement is a
  // round trip, one statement.
  if (sql.dialect === "postgresql" && i < rows.length) {
    const rest = rows.slice(i);
    await sql.run(head + rest.map(() => tuple).join(", "), rest.flat());
  } else for (; i < rows.length; i++) await sql.run(head + tuple, rows[i]);
}

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

/**
 * After a bulk write (SQLite only): copies the write-ahead log back into the database
 * file and closes the import's connection, which gives its page cache back before
 * the rollup rebuild reads the same pages through Prisma's connection (the two
 * caches would otherwise add up). It runs between transactions, in their queue; the
 * next bulk write opens the connection again.
 */
export async function finishBulkWrite(): Promise<void> {
  if (dialect !== "sqlite") return;
  const run = () => {
    if (!connection) return;
    const { db } = connection;
    connection = null;
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
    } finally {
      db.close();
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/** Runs `query` over slices of an id list: SQLite binds at most 999 values per statement, so long `IN` lists are split. */
export async function inSlices<T>(
  ids: readonly string[],
  query: (slice: string[]) => Promise<T[]>,
  size = 500,
): Promise<T[]> {
  const out: T[] = [];
  for (const slice of chunks(ids, size)) out.push(...(await query(slice)));
  return out;
}

let sequence = 0;
const prefix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Ids for bulk-inserted rows: increasing within a process (appended to the primary-key index), unique across processes. */
export function bulkId(): string {
  sequence++;
  return `b${prefix}${sequence.toString(36).padStart(9, "0")}`;
}
