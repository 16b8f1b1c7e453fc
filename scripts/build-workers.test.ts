// The worker threads as production runs them: built by scripts/build-workers.mjs beside the
// server bundle, loaded by name. The SQLite reader thread, built, reads a range of rows into
// columns as the TypeScript source does (app/platform/sql-columns.server.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { Columns } from "~/lib/columns";
import type { ColumnRead } from "~/platform/sql-columns.server";
import { createWorkerPool } from "~/platform/worker-pool.server";

// Inside the project, as build/server is: the built thread loads better-sqlite3 from node_modules.
fs.mkdirSync(path.resolve("node_modules/.cache"), { recursive: true });
const dir = fs.mkdtempSync(path.resolve("node_modules/.cache/pp-workers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("build-workers", () => {
  it("builds the SQLite reader thread, which reads a rowid range into columns", async () => {
    execFileSync(process.execPath, [path.resolve("scripts/build-workers.mjs"), dir], { stdio: "ignore" });
    expect(fs.existsSync(path.join(dir, "pdf-worker.mjs"))).toBe(true);
    const file = path.join(dir, "rows.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE t (name TEXT, amount REAL)`);
    const insert = db.prepare(`INSERT INTO t (name, amount) VALUES (?, ?)`);
    for (let i = 1; i <= 50; i++) insert.run(`row ${i}`, i % 10 === 0 ? null : i * 2.5);
    db.close();
    const pool = createWorkerPool<ColumnRead, Columns>(() => ({ file: path.join(dir, "sqlite-read-worker.mjs") }));
    try {
      const read = await pool.run({
        file,
        sql: `SELECT name, amount FROM t WHERE rowid BETWEEN ? AND ?`,
        params: [21, 30],
        kinds: ["value", "number"],
      });
      expect(read.rows).toBe(10);
      expect(read.columns[0]).toEqual(Array.from({ length: 10 }, (_, k) => `row ${21 + k}`));
      const amounts = read.columns[1] as Float64Array;
      expect(amounts).toBeInstanceOf(Float64Array);
      expect(Array.from(amounts.subarray(0, 9))).toEqual(Array.from({ length: 9 }, (_, k) => (21 + k) * 2.5));
      expect(Number.isNaN(amounts[9]!)).toBe(true);
      // A read the thread cannot do fails the task (its caller reads the half itself).
      await expect(pool.run({ file, sql: `SELECT nothing FROM t`, params: [], kinds: ["value"] })).rejects.toThrow();
    } finally {
      await pool.close();
    }
  }, 60_000);
});
