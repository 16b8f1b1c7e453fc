#!/usr/bin/env node
// One entry point for Prisma's CLI on both engines, without engine downloads.
//   generate  derive the PostgreSQL schema from prisma/schema.prisma and generate both clients
//   diff NAME write a new migration for both engines from the last snapshot to the current schema
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const prismaDir = path.join(root, "prisma");
const prismaBin = path.join(root, "node_modules", ".bin", "prisma");
const DEFAULT_URL = "file:./prisma/dev.db";

function derivePostgresSchema(source) {
  return (
    source
      .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
      .replace(/output\s*=\s*"generated\/sqlite"/, 'output     = "postgres"')
      // The row types of hand-written SQL (Kysely, app/db.server.ts; docs/decisions/076-typed-sql.md),
      // from this schema: PostgreSQL's types name DateTime as a Date, where SQLite's say text.
      .replace(
        /\ndatasource db \{/,
        '\ngenerator kysely {\n  provider = "prisma-kysely"\n  output   = "kysely"\n  fileName = "types.ts"\n}\n\ndatasource db {',
      )
  );
}

function writeDerivedSchema() {
  const source = fs.readFileSync(path.join(prismaDir, "schema.prisma"), "utf8");
  fs.mkdirSync(path.join(prismaDir, "generated"), { recursive: true });
  const target = path.join(prismaDir, "generated", "postgres.prisma");
  const derived = derivePostgresSchema(source);
  if (!fs.existsSync(target) || fs.readFileSync(target, "utf8") !== derived) fs.writeFileSync(target, derived);
  return derived;
}

function prisma(args, env = {}) {
  execFileSync(prismaBin, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", ...env },
  });
}

function prismaOutput(args, env = {}) {
  return execFileSync(prismaBin, args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", ...env },
  });
}

const [command, name] = process.argv.slice(2);

if (command === "generate") {
  writeDerivedSchema();
  prisma(["generate", "--config", "prisma/sqlite.config.ts"], { DATABASE_URL: DEFAULT_URL });
  prisma(["generate", "--config", "prisma/postgres.config.ts"], { DATABASE_URL: "postgresql://localhost/unused" });
} else if (command === "diff") {
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("usage: npm run db:migrations -- <snake_case_name>");
    process.exit(2);
  }
  const derived = writeDerivedSchema();
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  for (const [engine, config, schemaFile, current] of [
    ["sqlite", "prisma/sqlite.config.ts", "prisma/schema.prisma", null],
    ["postgresql", "prisma/postgres.config.ts", "prisma/generated/postgres.prisma", derived],
  ]) {
    const dir = path.join(prismaDir, "migrations", engine);
    fs.mkdirSync(dir, { recursive: true });
    const snapshot = path.join(dir, "schema.snapshot.prisma");
    const from = fs.existsSync(snapshot) ? ["--from-schema-datamodel", snapshot] : ["--from-empty"];
    // The JS schema engine connects even to diff two schemas, so PostgreSQL needs a server.
    const url =
      engine === "sqlite" ? DEFAULT_URL : (process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test");
    const sql = prismaOutput(
      ["migrate", "diff", "--config", config, ...from, "--to-schema-datamodel", schemaFile, "--script"],
      { DATABASE_URL: url },
    );
    if (!sql.trim() || /empty migration/i.test(sql)) {
      console.log(`${engine}: no changes`);
      continue;
    }
    const folder = path.join(dir, `${stamp}_${name}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "migration.sql"), sql);
    fs.writeFileSync(snapshot, current ?? fs.readFileSync(path.join(root, schemaFile), "utf8"));
    if (!fs.existsSync(path.join(dir, "migration_lock.toml")))
      fs.writeFileSync(path.join(dir, "migration_lock.toml"), `provider = "${engine}"\n`);
    console.log(`${engine}: wrote ${path.relative(root, folder)}`);
  }
} else {
  console.error("usage: node scripts/prisma.mjs generate|deploy|diff NAME");
  process.exit(2);
}
