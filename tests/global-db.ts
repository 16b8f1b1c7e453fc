// Migrates one template database per test run; tests/setup-db.ts gives each test file its own
// fresh copy of it (PostgreSQL: CREATE DATABASE … TEMPLATE; SQLite: a copy of the file) instead
// of running every migration again per file, which took about 4 s per file on PostgreSQL.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { isPostgres, migrate } from "../scripts/migrate.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template: a PostgreSQL database name, or a SQLite file path. */
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  const name = `pp_template_${crypto.randomBytes(6).toString("hex")}`;
  if (base && isPostgres(base)) {
    const { default: pg } = await import("pg");
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    await migrate(url.toString());
    project.provide("dbTemplate", name);
    return async () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const file = path.join(os.tmpdir(), `${name}.db`);
  await migrate(`file:${file}`);
  project.provide("dbTemplate", file);
  return () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  };
}
