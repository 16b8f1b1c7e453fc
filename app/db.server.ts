// The only place that creates a Prisma client. SQLite (embedded default) and
// PostgreSQL (production) each have a generated client; DATABASE_URL picks one.
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import type pg from "pg";
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Insertable,
  type QueryResult,
} from "kysely";
import type { DB } from "../prisma/generated/kysely/types";
import type { Prisma, PrismaClient } from "../prisma/generated/sqlite";
import { env } from "~/env.server";
import { serializeSqliteAdapter } from "~/platform/sqlite-lock.server";
import { timeQueries } from "~/platform/request-timing.server";

export type { Prisma, PrismaClient } from "../prisma/generated/sqlite";
export type Db = PrismaClient;

const require = createRequire(import.meta.url);

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * V8 compiles the Prisma query compiler's WebAssembly with its baseline compiler (Liftoff) and
 * re-compiles a function with the optimising one (TurboFan) once it has run a budget's worth of
 * code. The default budget (1.8 million) has most of the compiler optimised within a few hundred
 * queries, which kept 20–30 MB more resident in every server process and saved no CPU per query
 * (docs/decisions/074-server-memory-second-pass.md). A hundred times the budget keeps all but
 * the hottest functions on the baseline code. A hint, not a limit: nothing is refused, unlike
 * `--liftoff-only`, which aborts the process on a CPU without SSE4.1. Set before the first client
 * compiles the module (the flag is read when the module is instantiated).
 */
export const WASM_TIERING_BUDGET = 180_000_000;
v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);

/**
 * How long an interactive transaction may wait for its turn (Prisma's default is 2 s): SQLite has
 * one writer per process and PostgreSQL a bounded pool, so under a burst of writes (eight staff
 * saving costs at once, the API's clients) a transaction queued behind others is not a failure.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000 } as const;

/**
 * A client on `url`. `transactionTimeoutMs`: how long one transaction may run (Prisma's default,
 * 5 s, suits a request; a batch job such as the seed writes thousands of rows per transaction,
 * which a loaded machine can take longer over).
 */
export function createClient(
  url: string,
  { transactionTimeoutMs }: { transactionTimeoutMs?: number } = {},
): PrismaClient {
  const transactionOptions = {
    ...TRANSACTION_OPTIONS,
    ...(transactionTimeoutMs ? { timeout: transactionTimeoutMs } : {}),
  };
  // The generated clients are loaded at run time from prisma/generated so the server
  // bundle never inlines them (they load their query compiler from disk).
  const generated = path.join(process.cwd(), "prisma", "generated");
  if (isPostgresUrl(url)) {
    const { PrismaClient: PgClient } = require(path.join(generated, "postgres"));
    const { PrismaPg } = require("@prisma/adapter-pg");
    // The process's one pool: the model API and hand-written SQL (sqlOn) both run on it.
    const { Pool } = require("pg") as typeof pg;
    const pool = new Pool({ connectionString: url });
    // An idle connection the server closes (a restart, a dropped database) must not end the process.
    pool.on("error", (error) => console.error(`[db] idle database connection lost: ${error.message}`));
    // Statement times count towards the request's database time (app/platform/request-timing.server.ts).
    return new PgClient({
      adapter: timeQueries(new PrismaPg(pool, { disposeExternalPool: true })),
      transactionOptions,
    }) as PrismaClient;
  }
  const { PrismaClient: SqliteClient } = require(path.join(generated, "sqlite"));
  const { PrismaBetterSQLite3 } = require("@prisma/adapter-better-sqlite3");
  const file = url.replace(/^file:/, "");
  // Plain queries must wait for an open transaction (see app/platform/sqlite-lock.server.ts).
  // The time a statement waits for the lock is database time too, so the timing wraps outside it.
  const adapter = timeQueries(
    serializeSqliteAdapter(
      new PrismaBetterSQLite3({
        url: file === ":memory:" ? file : path.resolve(process.cwd(), file),
        timeout: 10_000,
      }),
    ),
  );
  return new SqliteClient({ adapter, transactionOptions }) as PrismaClient;
}

export const dialect: "sqlite" | "postgresql" = isPostgresUrl(env.databaseUrl) ? "postgresql" : "sqlite";

declare global {
  var __prisma: PrismaClient | undefined;
}

// One client per process; in development Vite reloads modules, so keep it on globalThis.
export const prisma: PrismaClient = globalThis.__prisma ?? createClient(env.databaseUrl);
if (env.nodeEnv !== "production") globalThis.__prisma = prisma;

// ─── Hand-written SQL: one typed path (docs/decisions/076-typed-sql.md) ──────────────────────────
// Kysely builds the statement for this process's engine and types its rows from the Prisma schema
// (prisma/generated/kysely, by `npm run db:generate`); the statement runs through a Prisma client —
// the process's client or a transaction's — so every statement, written by the model API or by
// hand, goes over the same SQLite connection (behind its one lock, app/platform/sqlite-lock.server.ts)
// or the same PostgreSQL pool. There is no other connection to the database.

/** The process's client or an interactive transaction's: every query function takes either. */
export type DbClient = PrismaClient | Prisma.TransactionClient;
export type Tx = Prisma.TransactionClient;
export type { DB } from "../prisma/generated/kysely/types";
export { sql } from "kysely";

type RawClient = Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe">;

/** A value as rows carry it on both engines: 64-bit integers and numerics as numbers. */
function plain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value !== null && typeof value === "object" && !(value instanceof Date) && "toNumber" in value)
    return (value as { toNumber(): number }).toNumber();
  return value;
}

export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const v = row[key];
    if (typeof v === "bigint" || (v !== null && typeof v === "object" && !(v instanceof Date) && "toNumber" in v))
      row[key] = plain(v);
  }
  return row;
}

const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode"]);

class PrismaConnection implements DatabaseConnection {
  constructor(private readonly client: RawClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const node = query.query as { kind: string; returning?: unknown };
    const params = query.parameters as unknown[];
    if (WRITES.has(node.kind) && !node.returning) {
      const changed = await this.client.$executeRawUnsafe(query.sql, ...params);
      return { rows: [], numAffectedRows: BigInt(changed) };
    }
    const rows = await this.client.$queryRawUnsafe<Record<string, unknown>[]>(query.sql, ...params);
    return { rows: rows.map(plainRow) as R[] };
  }

  // eslint-disable-next-line require-yield -- no streaming: a statement's rows arrive at once
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported: page with LIMIT and a key");
  }
}

const NO_KYSELY_TRANSACTIONS =
  "Transactions are Prisma's: prisma.$transaction(tx => …) or withShopWriteLock, with sqlOn(tx) inside";

class PrismaDriver implements Driver {
  private readonly connection: PrismaConnection;
  constructor(client: RawClient) {
    this.connection = new PrismaConnection(client);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error(NO_KYSELY_TRANSACTIONS);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(NO_KYSELY_TRANSACTIONS);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(NO_KYSELY_TRANSACTIONS);
  }
  async releaseConnection() {}
  async destroy() {}
}

function dialectOn(client: RawClient): Dialect {
  const pg = dialect === "postgresql";
  return {
    createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
    createDriver: () => new PrismaDriver(client),
    createIntrospector: (db) => (pg ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
    createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
  };
}

const builders = new WeakMap<object, Kysely<DB>>();

/**
 * Typed SQL run on `client`: the process's client, or inside `prisma.$transaction(tx => …)` /
 * withShopWriteLock the transaction's `tx` (a statement on the process's client would wait for
 * that transaction to end on SQLite). Rows: DateTime columns as Dates on both engines, 64-bit
 * integers and sums as numbers; a computed instant (MIN, MAX of a DateTime) is text on SQLite, so
 * read it through asDate.
 */
export function sqlOn(client: DbClient = prisma): Kysely<DB> {
  let db = builders.get(client);
  if (!db) {
    db = new Kysely<DB>({ dialect: dialectOn(client) });
    builders.set(client, db);
  }
  return db;
}

/** Rows per statement of insertRows: one JSON parameter each, of a few hundred kB at most. */
const ROWS_PER_INSERT = 2_000;

/** A value as a JSON row carries it: SQLite's DateTime text (as Prisma writes it) and 0/1; PostgreSQL's ISO instants. */
function jsonValue(value: unknown): unknown {
  if (value instanceof Date)
    return dialect === "postgresql" ? value.toISOString() : value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean" && dialect === "sqlite") return value ? 1 : 0;
  return value ?? null;
}

/**
 * Many rows of `table` inserted a few thousand per statement, each batch sent as one JSON
 * parameter that the database unpacks (SQLite's json_each, PostgreSQL's json_populate_recordset
 * with the table's own column types): thousands of bound values per statement cost more to bind
 * and to prepare again on every call than the insert itself (bench/results/import.md). A row is
 * an object with the columns, or (the import's hot path, no object per row) an array of values
 * in the order of `columns`.
 */
export async function insertRows<T extends keyof DB & string, C extends keyof DB[T] & string>(
  client: DbClient,
  table: T,
  columns: readonly C[],
  rows: readonly (Pick<Insertable<DB[T]>, C & keyof Insertable<DB[T]>> | readonly unknown[])[],
  /** A unique key whose duplicates are skipped (ON CONFLICT … DO NOTHING) instead of failing the batch. */
  skipDuplicatesOf?: readonly C[],
): Promise<void> {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const pg = dialect === "postgresql";
  const source = pg
    ? (json: string) => sql`SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`
    : (json: string) =>
        sql`SELECT ${sql.join(columns.map((_, i) => sql`value ->> ${sql.lit(i)}`))} FROM json_each(${json})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const slice = rows.slice(i, i + ROWS_PER_INSERT) as readonly (Record<string, unknown> | readonly unknown[])[];
    const cell = (row: Record<string, unknown> | readonly unknown[], c: string, k: number) =>
      jsonValue(Array.isArray(row) ? row[k] : (row as Record<string, unknown>)[c]);
    const json = JSON.stringify(
      pg
        ? slice.map((row) => Object.fromEntries(columns.map((c, k) => [c, cell(row, c, k)])))
        : slice.map((row) => columns.map((c, k) => cell(row, c, k))),
    );
    // SQLite needs a WHERE after INSERT … SELECT for the ON CONFLICT clause to parse as one.
    const conflict = skipDuplicatesOf
      ? sql` ${pg ? sql`` : sql`WHERE true `}ON CONFLICT (${sql.join(skipDuplicatesOf.map((c) => sql.ref(c)))}) DO NOTHING`
      : sql``;
    await sql`INSERT INTO ${sql.table(table)} (${list}) ${source(json)}${conflict}`.execute(sqlOn(client));
  }
}

/** An instant as the engines return a computed one: a Date, ISO text, or epoch milliseconds. */
export function asDate(value: Date | string | number): Date;
export function asDate(value: Date | string | number | null | undefined): Date | null;
export function asDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

/** How long a whole-shop job's transaction may run (both engines' interactive transactions). */
const LOCKED_TX_TIMEOUT_MS = 120_000;

/**
 * `fn` in one transaction that holds the shop's write lock: every whole-shop job (customers and
 * inventory recomputes, the loyalty backfill, import phases, rollup rebuilds) and every webhook's
 * store-data write takes it, so one never overwrites what another read and changed. PostgreSQL:
 * the Shop row, locked first. SQLite: the process's one writer, which a transaction holds until
 * it ends (app/platform/sqlite-lock.server.ts); keep such a transaction short, as it holds off the
 * process's other queries meanwhile.
 */
export async function withShopWriteLock<T>(
  shopId: string,
  fn: (tx: Tx) => Promise<T>,
  { timeoutMs = LOCKED_TX_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<T> {
  return prisma.$transaction(
    async (tx) => {
      await lockShopRow(tx, shopId);
      return fn(tx);
    },
    { timeout: timeoutMs, maxWait: 30_000 },
  );
}

/** Holds the shop's row until the transaction ends (a write that changes nothing). */
export async function lockShopRow(tx: Tx, shopId: string): Promise<void> {
  await sqlOn(tx)
    .updateTable("Shop")
    .set((eb) => ({ updatedAt: eb.ref("updatedAt") }))
    .where("id", "=", shopId)
    .execute();
}

/**
 * Rows sent as one JSON parameter (each an array in the order of `columns`), as a SELECT with
 * those column names, for a batched `INSERT … SELECT` or `UPDATE … FROM`: one statement and one
 * bound value per batch, where a multi-row VALUES binds every cell and builds every row through
 * the driver. `columns`: each column's PostgreSQL type, which the text read from the JSON is cast
 * to; SQLite takes the JSON's values as they are. Dates go as the adapters write them (UTC).
 */
export function jsonRows(columns: Readonly<Record<string, string>>, rows: readonly (readonly unknown[])[]) {
  const sqlite = dialect === "sqlite";
  const json = JSON.stringify(rows.map((row) => row.map(jsonValue)));
  const cells = Object.entries(columns).map(([name, type], i) =>
    sqlite
      ? sql`j.value ->> ${sql.lit(i)} AS ${sql.ref(name)}`
      : sql`(j ->> ${sql.lit(i)})::${sql.raw(type)} AS ${sql.ref(name)}`,
  );
  return sqlite
    ? sql`SELECT ${sql.join(cells)} FROM json_each(${json}) j WHERE true`
    : sql`SELECT ${sql.join(cells)} FROM jsonb_array_elements(${json}::jsonb) j`;
}
