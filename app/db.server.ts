// The only place that creates a Prisma client. SQLite (embedded default) and
// PostgreSQL (production) each have a generated client; DATABASE_URL picks one.
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import type pg from "pg";
import type { PrismaClient } from "../prisma/generated/sqlite";
import { env } from "~/env.server";
import { serializeSqliteAdapter } from "~/platform/sqlite-lock.server";
import { nameStatements } from "~/platform/pg-named-statements.server";
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

export function createClient(url: string): PrismaClient {
  // The generated clients are loaded at run time from prisma/generated so the server
  // bundle never inlines them (they load their query compiler from disk).
  const generated = path.join(process.cwd(), "prisma", "generated");
  if (isPostgresUrl(url)) {
    const { PrismaClient: PgClient } = require(path.join(generated, "postgres"));
    const { PrismaPg } = require("@prisma/adapter-pg");
    // The pool is the adapter's (ended with the client), made here so that its connections send
    // the registered hot statements named (app/platform/pg-named-statements.server.ts).
    const { Pool } = require("pg") as typeof pg;
    const pool = new Pool({ connectionString: url });
    if (env.namedStatements) nameStatements(pool);
    // Statement times count towards the request's database time (app/platform/request-timing.server.ts).
    return new PgClient({
      adapter: timeQueries(new PrismaPg(pool, { disposeExternalPool: true })),
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
  return new SqliteClient({ adapter }) as PrismaClient;
}

export const dialect: "sqlite" | "postgresql" = isPostgresUrl(env.databaseUrl) ? "postgresql" : "sqlite";

declare global {
  var __prisma: PrismaClient | undefined;
}

// One client per process; in development Vite reloads modules, so keep it on globalThis.
export const prisma: PrismaClient = globalThis.__prisma ?? createClient(env.databaseUrl);
if (env.nodeEnv !== "production") globalThis.__prisma = prisma;
