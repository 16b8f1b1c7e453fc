// Gives each test file a fresh, migrated database: a temporary SQLite file, or a
// new PostgreSQL database when DATABASE_URL points at PostgreSQL.
import { afterAll } from "vitest";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { migrate } from "../scripts/migrate.mjs";

const base = process.env.DATABASE_URL;
const name = `pp_test_${crypto.randomBytes(6).toString("hex")}`;
let cleanup: () => Promise<void>;

if (base && /^postgres(ql)?:\/\//.test(base)) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
  process.env.DATABASE_URL = `file:${file}`;
  cleanup = async () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  };
}

await migrate(process.env.DATABASE_URL);

afterAll(async () => {
  await globalThis.__prisma?.$disconnect();
  await cleanup();
});
