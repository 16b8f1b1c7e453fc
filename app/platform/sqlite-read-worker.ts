// The SQLite read worker's entry: reads one part of a large read into columns, on its own
// read-only connection, while the thread that asked reads the other part
// (app/platform/sql-columns.server.ts). Built to build/server/sqlite-read-worker.mjs for
// production (scripts/build-workers.mjs); run from source through tsx in development and tests.
import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { columnBuilder, type Columns } from "~/lib/columns";
import { runWorkerTasks } from "~/platform/worker-task.server";
import type { ColumnRead } from "~/platform/sql-columns.server";

const require = createRequire(import.meta.url);

runWorkerTasks<ColumnRead, Columns>(async ({ file, sql, params, kinds }) => {
  const Sqlite = require("better-sqlite3") as typeof Database;
  // A connection per read: a read is 50,000 rows or more, opening costs about a millisecond,
  // and a connection kept open would hold a file a test or the import may replace.
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma(`cache_size = -${16 * 1024}`);
    const columns = columnBuilder(kinds);
    for (const row of db
      .prepare(sql)
      .raw(true)
      .iterate(...params) as IterableIterator<unknown[]>)
      columns.add(row);
    return columns.done();
  } finally {
    db.close();
  }
});
