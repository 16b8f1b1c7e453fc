// The whole-shop recompute's read from the shop's CustomerReadSnapshot and the customers changed
// since (CustomerReadChange, kept by triggers), instead of joining every customer with their
// summary and score row each run (decision 067, sixth pass on SQLite, twelfth on PostgreSQL).
import { readColumns } from "~/platform/sql-columns.server";
import { marks, type SqlRunner } from "~/platform/sql-runner.server";
import type { ColumnKind } from "~/lib/columns";
import { chunks } from "~/lib/chunks";
import { mergeRead, packRead, unpackRead, type CustomerRead } from "./read-snapshot";
import { SUMMARY_FIELDS } from "./summary";

/**
 * The triggers that list changed customers (SQLite migration customer_read_snapshot; PostgreSQL
 * migration customer_read_triggers_postgresql, by the same names).
 */
export const READ_TRIGGERS = [
  "Customer_read_insert",
  "Customer_read_update",
  "Customer_read_delete",
  "CustomerOrderSummary_read_insert",
  "CustomerOrderSummary_read_update",
  "CustomerOrderSummary_read_delete",
  "CustomerScore_read_insert",
  "CustomerScore_read_update",
  "CustomerScore_read_delete",
  "Shop_read_delete",
] as const;

/**
 * The snapshot is taken again when more customers than this share of the shop changed since
 * (re-reading them costs more than writing the ~11 MB of a 100,000-customer snapshot). Since the
 * eighth pass a recompute's own writes are in the patch, not listed: the list holds what webhooks
 * and other writers changed.
 */
const RETAKE_SHARE = 1 / 50;
/**
 * The snapshot is taken again when the patch holds more customers than this share of the shop:
 * each run writes the whole patch (a nightly run adds a few thousand customers at 100,000).
 */
const PATCH_SHARE = 1 / 8;
/**
 * Beyond this share of the shop (and this many) the changed customers are not re-read a list at
 * a time: everything is read.
 */
const REREAD_SHARE = 1 / 4;
const REREAD_MIN = 1_000;

/**
 * The read: rowid, id, creation time (ms), stored digest, then the summary. PostgreSQL has no
 * rowid: a customer's place in the snapshot is given by readRows (placeRows), in the order read.
 */
const select = (dialect: SqlRunner["dialect"], pass = "") => `SELECT ${
  dialect === "sqlite"
    ? `c.rowid, c."id", round(unixepoch(c."createdAt", 'subsec') * 1000)`
    : `0, c."id", round(extract(epoch FROM c."createdAt") * 1000)::float8`
}, d."digest",
    ${SUMMARY_FIELDS.map((f) => `s."${f}"`).join(", ")}
  FROM "Customer" c${pass}
  LEFT JOIN "CustomerOrderSummary" s ON s."shopId" = c."shopId" AND s."customerId" = c."id"
  LEFT JOIN "CustomerScore" d ON d."shopId" = c."shopId" AND d."customerId" = c."id"`;
const WHERE = `WHERE c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL`;
/** For a list of ids: `+` keeps SQLite's planner off the shop's index (a scan of the shop per list). */
const whereListed = (dialect: SqlRunner["dialect"]) =>
  `WHERE ${dialect === "sqlite" ? "+" : ""}c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL`;
const KINDS: readonly ColumnKind[] = [
  "number",
  "value",
  "number",
  "value",
  ...SUMMARY_FIELDS.map(() => "number" as const),
];

// Formatting a number in base 36 costs about 2.5 µs, parsing one back about 0.3 µs.
/** A score row's stored digest as a number: NaN without a row, -1 for an empty one. */
export const storedDigest = (text: unknown) =>
  text === null || text === undefined ? NaN : typeof text === "string" && text ? parseInt(text, 36) : -1;

async function readRows(
  sql: SqlRunner,
  text: string,
  params: (string | number)[],
  rowids?: { from: number; to: number },
) {
  const got = await readColumns(sql, text, params, KINDS, rowids);
  const [rowid, ids, createdMs, digests, ...summary] = got.columns as [
    Float64Array,
    string[],
    Float64Array,
    unknown[],
    ...Float64Array[],
  ];
  const digest = new Float64Array(got.rows);
  for (let i = 0; i < got.rows; i++) digest[i] = storedDigest(digests[i]);
  return { n: got.rows, ids, rowid, createdMs, digest, summary } satisfies CustomerRead;
}

/**
 * PostgreSQL: each customer's place (the `rowid` column, ascending in a snapshot) given in the
 * order read: the place they hold in `at` (the snapshot being merged into), else one after its
 * last (customers who arrived since). SQLite reads the rowid.
 */
function placeRows(read: CustomerRead, at?: CustomerRead) {
  read.rowid.fill(NaN, 0, read.n);
  if (at && read.n) {
    // One pass over the snapshot with a map of the (few) re-read customers, not of the shop's.
    const wanted = new Map(read.ids.slice(0, read.n).map((id, k) => [id, k]));
    for (let p = 0; p < at.n; p++) {
      const k = wanted.get(at.ids[p]!);
      if (k !== undefined) read.rowid[k] = at.rowid[p]!;
    }
  }
  let next = at && at.n ? at.rowid[at.n - 1]! + 1 : 1;
  for (let k = 0; k < read.n; k++) if (read.rowid[k] !== read.rowid[k]) read.rowid[k] = next++;
  return read;
}

/** Whether every trigger that lists changed customers is there (a migration may have dropped one). */
async function triggersInPlace(sql: SqlRunner) {
  const [row] = await sql.values(
    sql.dialect === "sqlite"
      ? `SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ${marks(READ_TRIGGERS.length)}`
      : `SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'D' AND tgname IN ${marks(READ_TRIGGERS.length)}`,
    [...READ_TRIGGERS],
  );
  return Number(row?.[0]) === READ_TRIGGERS.length;
}

/**
 * Every customer of the shop (not redacted, not deleted; created at any time) with their order
 * summary and score digest, in rowid order, as of now (SQLite, inside the recompute's
 * transaction, before it writes). From the snapshot, the patch of what recomputes wrote since
 * (recordOwnWrites), and the customers listed as changed since, when they can be trusted;
 * otherwise (and with `split`, on both cores) from the tables. Takes the snapshot again when it
 * was not used, many customers are listed, or the patch has grown large, and then clears the
 * list and drops the patch.
 */
export async function readCustomers(
  sql: SqlRunner,
  shopId: string,
  {
    split,
    onSnapshot,
  }: {
    split: boolean;
    /**
     * Called with the snapshot (the patch put over it) and the customers changed since, before
     * they are re-read, when the snapshot is used: the caller can start work that depends only
     * on the unchanged ones.
     */
    onSnapshot?: (snapshot: CustomerRead, changed: ReadonlySet<string>) => void;
  },
): Promise<TakenRead> {
  const snapshot = await readSnapshotRow(sql, shopId);
  // Only a patch of this snapshot (the patch is dropped with it; takenAt makes sure).
  const [patchRow] = snapshot
    ? await sql.all(
        `SELECT p."customers", p."data", p."ids" FROM "CustomerReadPatch" p
         JOIN "CustomerReadSnapshot" s ON s."shopId" = p."shopId" AND s."takenAt" = p."takenAt"
         WHERE p."shopId" = ?`,
        [shopId],
      )
    : [];
  const changed = (await sql.values(`SELECT "customerId" FROM "CustomerReadChange" WHERE "shopId" = ?`, [shopId])).map(
    (v) => v[0] as string,
  );
  const base =
    snapshot && (await triggersInPlace(sql))
      ? unpackRead(snapshot.data as Uint8Array, snapshot.ids as string, Number(snapshot.customers))
      : null;
  const patch = patchRow
    ? unpackRead(patchRow.data as Uint8Array, patchRow.ids as string, Number(patchRow.customers))
    : null;
  let read: CustomerRead;
  // A patch that cannot be read leaves the snapshot unusable: it is not what the tables hold.
  const fromSnapshot =
    !!base && (!patchRow || !!patch) && changed.length <= Math.max(REREAD_MIN, base.n * REREAD_SHARE);
  let carried: ReadonlySet<string> = new Set();
  if (base && fromSnapshot) {
    let current = base;
    if (patch) {
      carried = new Set(patch.ids);
      current = mergeRead(base, carried, patch);
    }
    const listed = new Set(changed);
    onSnapshot?.(current, listed);
    const fresh: CustomerRead[] = [];
    for (const slice of chunks(changed, 500))
      fresh.push(
        await readRows(sql, `${select(sql.dialect)} ${whereListed(sql.dialect)} AND c."id" IN ${marks(slice.length)}`, [
          shopId,
          ...slice,
        ]),
      );
    const reread = concat(fresh);
    read = mergeRead(current, listed, sql.dialect === "sqlite" ? reread : placeRows(reread, current));
  } else if (sql.dialect === "sqlite") {
    const [r] = split ? await sql.values(`SELECT MIN(rowid), MAX(rowid) FROM "Customer"`) : [];
    const rowids = r && typeof r[0] === "number" && typeof r[1] === "number" ? { from: r[0], to: r[1] } : undefined;
    read = await readRows(
      sql,
      `${select(sql.dialect, " NOT INDEXED")} ${WHERE}${rowids ? ` AND c.rowid BETWEEN ? AND ?` : ""}`,
      [shopId],
      rowids,
    );
  } else read = placeRows(await readRows(sql, `${select(sql.dialect)} ${WHERE}`, [shopId]));
  // As a bound value: PostgreSQL's driver reads it as a Date.
  let takenAt: unknown = snapshot ? sql.convert(snapshot.takenAt as Date | string) : null;
  let listed: readonly string[] = changed;
  if (!fromSnapshot || changed.length > read.n * RETAKE_SHARE || carried.size > read.n * PATCH_SHARE) {
    const packed = packRead(read);
    carried = new Set();
    listed = [];
    await sql.run(`DELETE FROM "CustomerReadChange" WHERE "shopId" = ?`, [shopId]);
    await sql.run(`DELETE FROM "CustomerReadPatch" WHERE "shopId" = ?`, [shopId]);
    takenAt = packed ? sql.convert(new Date()) : null;
    if (packed)
      await sql.runConverted(
        `INSERT INTO "CustomerReadSnapshot" ("shopId", "takenAt", "customers", "data", "ids") VALUES (?, ?, ?, ?, ?)
         ON CONFLICT ("shopId") DO UPDATE SET "takenAt" = excluded."takenAt", "customers" = excluded."customers",
           "data" = excluded."data", "ids" = excluded."ids"`,
        [shopId, takenAt, read.n, bytes(packed.data), packed.ids],
      );
    else await sql.run(`DELETE FROM "CustomerReadSnapshot" WHERE "shopId" = ?`, [shopId]);
  }
  return { read, fromSnapshot, listed, takenAt, carried };
}

/** What readCustomers read, and what recordOwnWrites needs of it. */
export type TakenRead = {
  read: CustomerRead;
  fromSnapshot: boolean;
  /** The customers listed as changed when the read began, and still listed after it (not taken again). */
  listed: readonly string[];
  /** The snapshot's takenAt as stored (null: the shop has no snapshot now). */
  takenAt: unknown;
  /** The customers of the patch the snapshot still needs (not taken again). */
  carried: ReadonlySet<string>;
};

/**
 * A customer's values after the recompute wrote them: the score row's new digest, and the
 * summary written (SUMMARY_FIELDS order as read, NaN for null; null: the summary was deleted).
 */
export type OwnWrite = { digest?: number; summary?: readonly number[] | null };

/**
 * After the recompute's writes, in its transaction: the patch becomes the customers it carried
 * and those the recompute wrote (`writes`, by their position in `taken.read`), with their values
 * now, and the customers it wrote are taken off the list, where its own writes' triggers put
 * them. Under the write lock nothing else wrote them meanwhile, so the patch is what the tables
 * hold; anything written later lists them again, and the list wins.
 */
export async function recordOwnWrites(
  sql: SqlRunner,
  shopId: string,
  taken: TakenRead,
  writes: ReadonlyMap<number, OwnWrite>,
) {
  if (taken.takenAt === null || (!writes.size && !taken.carried.size)) return;
  const { read } = taken;
  const positions: number[] = [];
  for (let p = 0; p < read.n; p++) if (writes.has(p) || taken.carried.has(read.ids[p]!)) positions.push(p);
  const column = (c: Float64Array) => Float64Array.from(positions, (p) => c[p]!);
  const patch: CustomerRead = {
    n: positions.length,
    ids: positions.map((p) => read.ids[p]!),
    rowid: column(read.rowid),
    createdMs: column(read.createdMs),
    digest: column(read.digest),
    summary: read.summary.map(column),
  };
  positions.forEach((p, k) => {
    const write = writes.get(p);
    if (write?.digest !== undefined) patch.digest[k] = write.digest;
    if (write?.summary !== undefined) patch.summary.forEach((c, f) => (c[k] = write.summary ? write.summary[f]! : NaN));
  });
  const packed = packRead(patch);
  // Without a patch the snapshot is not what the tables hold (the writes went unlisted,
  // unlistedWrites): the next run reads the tables.
  if (!packed) return dropReadSnapshot(sql, shopId);
  await sql.runConverted(
    `INSERT INTO "CustomerReadPatch" ("shopId", "takenAt", "customers", "data", "ids") VALUES (?, ?, ?, ?, ?)
     ON CONFLICT ("shopId") DO UPDATE SET "takenAt" = excluded."takenAt", "customers" = excluded."customers",
       "data" = excluded."data", "ids" = excluded."ids"`,
    [shopId, taken.takenAt, patch.n, bytes(packed.data), packed.ids],
  );
  // Customers listed before the run and written by it: the patch holds them now. Only those are
  // sent: the run writes thousands of customers, a list holds the few that webhooks and edits
  // touched since the last run. PostgreSQL's planner took the written ids for a hundred rows and
  // unpacked them again for each listed row (~400 ms at 8,000 ids and 200 listed, decision 067,
  // fourteenth pass).
  if (!taken.listed.length) return;
  const wrote = new Set<string>();
  for (const p of writes.keys()) wrote.add(read.ids[p]!);
  const own = taken.listed.filter((id) => wrote.has(id));
  if (!own.length) return;
  await sql.run(
    `DELETE FROM "CustomerReadChange" WHERE "shopId" = ? AND "customerId" IN ${
      sql.dialect === "sqlite" ? "(SELECT value FROM json_each(?))" : "(SELECT json_array_elements_text(?::json))"
    }`,
    [shopId, JSON.stringify(own)],
  );
}

/**
 * The snapshot's row. On PostgreSQL its data comes in slices of a megabyte as base64 text, in
 * the one statement: the driver reads a `bytea` as hex text, twice its size, and a row of 27 MB
 * cost it a copy of its buffer for each part that arrived; this read took about half the
 * time and CPU at 100,000 customers (decision 067, thirteenth pass).
 */
async function readSnapshotRow(sql: SqlRunner, shopId: string) {
  if (sql.dialect === "sqlite") {
    const [row] = await sql.all(
      `SELECT "takenAt", "customers", "data", "ids" FROM "CustomerReadSnapshot" WHERE "shopId" = ?`,
      [shopId],
    );
    return row;
  }
  const rows = await sql.values(
    // Named columns: a runner through Prisma reads rows as objects.
    `SELECT g AS "at", CASE WHEN g = 1 THEN s."takenAt" END AS "takenAt", CASE WHEN g = 1 THEN s."customers" END AS "customers",
       CASE WHEN g = 1 THEN s."ids" END AS "ids", CASE WHEN g = 1 THEN length(s."data") END AS "bytes",
       encode(substring(s."data" FROM g FOR ${SNAPSHOT_SLICE}), 'base64') AS "data"
     FROM "CustomerReadSnapshot" s, generate_series(1, greatest(length(s."data"), 1), ${SNAPSHOT_SLICE}) AS g
     WHERE s."shopId" = ? ORDER BY g`,
    [shopId],
  );
  if (!rows.length) return undefined;
  const [, takenAt, customers, ids, bytes] = rows[0]!;
  const data = Buffer.alloc(Number(bytes));
  let at = 0;
  for (const row of rows) at += data.write(row[5] as string, at, "base64");
  return { takenAt, customers, ids, data: data.subarray(0, at) };
}

/** The slice of the snapshot's data read per row on PostgreSQL: a megabyte, a multiple of 3 (whole base64 groups). */
const SNAPSHOT_SLICE = 1_048_575;

/**
 * Marks (`on`) or unmarks the shop's writes in this transaction as the recompute's own, which
 * the summary and score-row triggers leave off CustomerReadChange. SQLite: a CustomerReadOwnWrite
 * row, written and deleted inside the transaction, so no other connection sees it. PostgreSQL:
 * the transaction's setting `customers.own_write`, which the row-level triggers' WHEN tests
 * without calling their function (decision 067, thirteenth pass). If the writes fail, the
 * transaction rolls back with the mark.
 */
async function markOwnWrites(sql: SqlRunner, shopId: string, on: boolean) {
  if (sql.dialect === "postgresql")
    await sql.all(`SELECT set_config('customers.own_write', ?, true) AS "set"`, [on ? shopId : ""]);
  else if (on) await sql.run(`INSERT INTO "CustomerReadOwnWrite" ("shopId") VALUES (?)`, [shopId]);
  else await sql.run(`DELETE FROM "CustomerReadOwnWrite" WHERE "shopId" = ?`, [shopId]);
}

/**
 * Runs the recompute's writes that recordOwnWrites then puts in the patch, marked as its own
 * (markOwnWrites; decision 067, ninth pass): the triggers would list each customer only for
 * recordOwnWrites to take them off again.
 */
export async function unlistedWrites(sql: SqlRunner, shopId: string, write: () => Promise<void>) {
  await markOwnWrites(sql, shopId, true);
  await write();
  await markOwnWrites(sql, shopId, false);
}

/**
 * unlistedWrites for a write that is started (SqlRunner.start) and runs while the caller goes
 * on: the mark is set first, and taken away after the write, in `done`; the caller awaits
 * `done` before its next statement (decision 067, thirteenth pass).
 */
export async function startUnlisted(
  sql: SqlRunner,
  shopId: string,
  start: () => Promise<{ done: Promise<void> }>,
): Promise<{ done: Promise<void> }> {
  await markOwnWrites(sql, shopId, true);
  const { done } = await start();
  const after = done.then(() => markOwnWrites(sql, shopId, false));
  // Read by the caller; a failure before it awaits this must not end the process.
  after.catch(() => undefined);
  return { done: after };
}

const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Drops the shop's snapshot and its list (before a bulk rewrite such as the weekly rebuild):
 * without a snapshot the triggers list nothing, and the next run reads the tables.
 */
export async function dropReadSnapshot(sql: SqlRunner, shopId: string) {
  await sql.run(`DELETE FROM "CustomerReadSnapshot" WHERE "shopId" = ?`, [shopId]);
  await sql.run(`DELETE FROM "CustomerReadPatch" WHERE "shopId" = ?`, [shopId]);
  await sql.run(`DELETE FROM "CustomerReadChange" WHERE "shopId" = ?`, [shopId]);
}

/** Reads of the same columns, one after the other. */
function concat(parts: CustomerRead[]): CustomerRead {
  const n = parts.reduce((s, p) => s + p.n, 0);
  const joined = (pick: (p: CustomerRead) => Float64Array) => {
    const out = new Float64Array(n);
    let at = 0;
    for (const p of parts) {
      out.set(pick(p).subarray(0, p.n), at);
      at += p.n;
    }
    return out;
  };
  return {
    n,
    ids: parts.flatMap((p) => p.ids),
    rowid: joined((p) => p.rowid),
    createdMs: joined((p) => p.createdMs),
    digest: joined((p) => p.digest),
    summary: SUMMARY_FIELDS.map((_, f) => joined((p) => p.summary[f]!)),
  };
}
