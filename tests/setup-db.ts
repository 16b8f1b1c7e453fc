// Gives each test file a fresh, migrated database: a temporary SQLite file, or a
// new PostgreSQL database when DATABASE_URL points at PostgreSQL, each a copy of the
// template that tests/global-db.ts migrated once for the run.
import { afterAll, inject } from "vitest";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const base = process.env.DATABASE_URL;
const name = `pp_test_${crypto.randomBytes(6).toString("hex")}`;
const template = inject("dbTemplate");
let cleanup: () => Promise<void>;

if (base && /^postgres(ql)?:\/\//.test(base)) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // PostgreSQL refuses a template another session is copying at that instant (55006): retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
} else {
  const file = path.join(os.tmpdir(), `${name}.db`);
  fs.copyFileSync(template, file);
  process.env.DATABASE_URL = `file:${file}`;
  cleanup = async () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  };
}

afterAll(async () => {
  await globalThis.__prisma?.$disconnect();
  await cleanup();
});
