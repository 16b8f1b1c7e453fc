// Applies the committed migrations (prisma/migrations/<engine>/*/migration.sql) to the
// database named by DATABASE_URL. Prisma's JS schema engine cannot yet run
// `migrate deploy` on PostgreSQL through the pg adapter (prisma/orm#27403), so both
// engines use this small runner; see docs/decisions/001-two-databases.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const DEFAULT_URL = "file:./prisma/dev.db";

export function isPostgres(url) {
  return /^postgres(ql)?:\/\//.test(url ?? "");
}

function migrationsFor(engine) {
  const dir = path.join(root, "prisma", "migrations", engine);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

function checkChecksum(applied, migration) {
  if (applied !== migration.checksum)
    throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
}

async function migratePostgres(url, log) {
  const { Client } = require("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    // One migrator at a time, even with several app instances starting together.
    await client.query("SELECT pg_advisory_lock(727274)");
    await client.query(
      `CREATE TABLE IF NOT EXISTS "_app_migrations" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query(`SELECT name, checksum FROM "_app_migrations"`);
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    let count = 0;
    for (const m of migrationsFor("postgresql")) {
      if (done.has(m.name)) {
        checkChecksum(done.get(m.name), m);
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(`INSERT INTO "_app_migrations"(name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${error.message}`);
      }
      count++;
      log(`applied ${m.name}`);
    }
    return count;
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    await client.end();
  }
}

function sqlitePath(url) {
  const raw = url.replace(/^file:/, "");
  return raw === ":memory:" ? raw : path.resolve(process.cwd(), raw);
}

function migrateSqlite(url, log) {
  const Database = require("better-sqlite3");
  const file = sqlitePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 10000");
    db.exec(
      `CREATE TABLE IF NOT EXISTS "_app_migrations" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    );
    const done = new Map(
      db
        .prepare(`SELECT name, checksum FROM "_app_migrations"`)
        .all()
        .map((r) => [r.name, r.checksum]),
    );
    let count = 0;
    for (const m of migrationsFor("sqlite")) {
      if (done.has(m.name)) {
        checkChecksum(done.get(m.name), m);
        continue;
      }
      // A migration that redefines a table (Prisma's CREATE new_X / DROP X / RENAME) must
      // run with foreign keys off, or dropping the old table cascades to its children.
      // The pragma is ignored inside a transaction, so it is set around it, and the
      // result is checked before the commit.
      db.pragma("foreign_keys = OFF");
      try {
        db.transaction(() => {
          db.exec(m.sql);
          const violations = db.pragma("foreign_key_check");
          if (violations.length)
            throw new Error(`foreign key violations after ${m.name}: ${JSON.stringify(violations.slice(0, 5))}`);
          db.prepare(`INSERT INTO "_app_migrations"(name, checksum) VALUES (?, ?)`).run(m.name, m.checksum);
        }).immediate();
      } finally {
        db.pragma("foreign_keys = ON");
      }
      count++;
      log(`applied ${m.name}`);
    }
    return count;
  } finally {
    db.close();
  }
}

export async function migrate(url = process.env.DATABASE_URL ?? DEFAULT_URL, log = () => {}) {
  return isPostgres(url) ? migratePostgres(url, log) : migrateSqlite(url, log);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  migrate(url, (m) => console.log(`migrate: ${m}`))
    .then((n) => console.log(`migrate: ${n === 0 ? "database is up to date" : `${n} migration(s) applied`}`))
    .catch((error) => {
      console.error(`migrate: ${error.message}`);
      process.exit(1);
    });
}
