// Lean reads for exports (docs/decisions/051-analytics-export.md): rows as arrays, straight
// from the driver, without Prisma's per-row conversion into model objects. A million-row
// export spent most of its time there. Read-only SELECTs with `?` placeholders and double-
// quoted identifiers (the same SQL on both engines); values are always bound, never spliced.
//
// SQLite: a connection of its own to the same file, `query_only`, with prepared statements
// kept and rows read in raw (array) mode. It sees what was committed, as any reader does in
// WAL mode. PostgreSQL: a small pool of its own, rows in array mode; 64-bit integers and
// numerics (SUM, COUNT) come back as strings there, so callers pass values through Number().
import { createRequire } from "node:module";
import path from "node:path";
import type Database from "better-sqlite3";
import type pg from "pg";
import { dialect, prisma } from "~/db.server";
import { env } from "~/env.server";

export type RawParam = string | number | null;

// Each engine's driver is required on the first export, not imported at boot: a server loads
// only its own engine's (docs/decisions/070-server-memory.md).
const require = createRequire(import.meta.url);

let sqlite: { url: string; db: Database.Database; statements: Map<string, Database.Statement> } | null = null;

function sqliteStatement(sql: string): Database.Statement | null {
  const file = env.databaseUrl.replace(/^file:/, "");
  if (file === ":memory:") return null;
  if (!sqlite || sqlite.url !== env.databaseUrl) {
    sqlite?.db.close();
    const Sqlite = require("better-sqlite3") as typeof Database;
    const db = new Sqlite(path.resolve(process.cwd(), file), { fileMustExist: true });
    db.pragma("busy_timeout = 10000");
    db.pragma("query_only = ON");
    sqlite = { url: env.databaseUrl, db, statements: new Map() };
  }
  let statement = sqlite.statements.get(sql);
  if (!statement) {
    statement = sqlite.db.prepare(sql).raw(true);
    if (sqlite.statements.size > 100) sqlite.statements.clear();
    sqlite.statements.set(sql, statement);
  }
  return statement;
}

let pool: { url: string; pool: pg.Pool } | null = null;

function pgPool(): pg.Pool {
  if (!pool || pool.url !== env.databaseUrl) {
    void pool?.pool.end();
    // Two connections: exports are few at a time, and each reads one page after another.
    const { Pool } = require("pg") as typeof pg;
    const created = new Pool({ connectionString: env.databaseUrl, max: 2, idleTimeoutMillis: 30_000 });
    // An idle connection the server closes (a restart, a dropped database) must not end the process.
    created.on("error", (error) => console.error(`[export] idle database connection lost: ${error.message}`));
    pool = { url: env.databaseUrl, pool: created };
  }
  return pool.pool;
}

const toDollar = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

/**
 * An instant as a bound parameter compared with a stored DateTime column: PostgreSQL casts
 * the ISO text; SQLite compares the text Prisma stored ("…+00:00"), so it must match that form.
 */
export function rawInstant(at: Date): RawParam {
  const iso = at.toISOString();
  return dialect === "postgresql" ? iso : `${iso.slice(0, -1)}+00:00`;
}

/** The rows of a read-only query, each an array of its columns in SELECT order. */
export async function rawRows(sql: string, params: readonly RawParam[] = []): Promise<unknown[][]> {
  if (dialect === "postgresql") {
    const result = await pgPool().query({ text: toDollar(sql), values: params as RawParam[], rowMode: "array" });
    return result.rows as unknown[][];
  }
  const statement = sqliteStatement(sql);
  if (statement) return statement.all(...params) as unknown[][];
  // An in-memory database has no second connection: through the client, then as arrays.
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params);
  return rows.map((r) => Object.values(r));
}

/** Closes the export connections (tests and scripts that end the process cleanly). */
export async function closeRawRows(): Promise<void> {
  sqlite?.db.close();
  sqlite = null;
  const p = pool;
  pool = null;
  await p?.pool.end();
}
