// The whole-shop recompute's read on SQLite from the shop's CustomerReadSnapshot and the
// customers changed since (CustomerReadChange, kept by triggers), instead of joining every
// customer with their summary and score row each run (decision 067, sixth pass).
import { readColumns } from "~/platform/sql-columns.server";
import { marks, type SqlRunner } from "~/platform/sql-runner.server";
import type { ColumnKind } from "~/lib/columns";
import { chunks } from "~/lib/chunks";
import { mergeRead, packRead, unpackRead, type CustomerRead } from "./read-snapshot";
import { SUMMARY_FIELDS } from "./summary";

/** The triggers that list changed customers (SQLite migration customer_read_snapshot). */
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
 * (re-reading them costs more than writing the ~11 MB of a 100,000-customer snapshot).
 */
const RETAKE_SHARE = 1 / 50;
/**
 * Beyond this share of the shop (and this many) the changed customers are not re-read a list at
 * a time: everything is read.
 */
const REREAD_SHARE = 1 / 4;
const REREAD_MIN = 1_000;

/** The read: rowid, id, creation time (ms), stored digest, then the summary. */
const select = (pass = "") => `SELECT c.rowid, c."id", round(unixepoch(c."createdAt", 'subsec') * 1000), d."digest",
    ${SUMMARY_FIELDS.map((f) => `s."${f}"`).join(", ")}
  FROM "Customer" c${pass}
  LEFT JOIN "CustomerOrderSummary" s ON s."shopId" = c."shopId" AND s."customerId" = c."id"
  LEFT JOIN "CustomerScore" d ON d."shopId" = c."shopId" AND d."customerId" = c."id"`;
const WHERE = `WHERE c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL`;
/** For a list of ids: `+` keeps SQLite's planner off the shop's index (a scan of the shop per list). */
const WHERE_LISTED = `WHERE +c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL`;
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

/** Whether every trigger that lists changed customers is there (a migration may have dropped one). */
async function triggersInPlace(sql: SqlRunner) {
  const [row] = await sql.values(
    `SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ${marks(READ_TRIGGERS.length)}`,
    [...READ_TRIGGERS],
  );
  return Number(row?.[0]) === READ_TRIGGERS.length;
}

/**
 * Every customer of the shop (not redacted, not deleted; created at any time) with their order
 * summary and score digest, in rowid order, as of now (SQLite, inside the recompute's
 * transaction, before it writes). From the snapshot and the customers changed since when both
 * can be trusted; otherwise (and with `split`, on both cores) from the tables. Takes the
 * snapshot again when it was not used or many customers changed, and then clears the list: the
 * recompute's own writes are listed after that, by the triggers.
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
     * Called with the snapshot and the customers changed since, before they are re-read, when
     * the snapshot is used: the caller can start work that depends only on the unchanged ones.
     */
    onSnapshot?: (snapshot: CustomerRead, changed: ReadonlySet<string>) => void;
  },
) {
  const [snapshot] = await sql.all(`SELECT "customers", "data", "ids" FROM "CustomerReadSnapshot" WHERE "shopId" = ?`, [
    shopId,
  ]);
  const changed = (await sql.values(`SELECT "customerId" FROM "CustomerReadChange" WHERE "shopId" = ?`, [shopId])).map(
    (v) => v[0] as string,
  );
  const base =
    snapshot && (await triggersInPlace(sql))
      ? unpackRead(snapshot.data as Uint8Array, snapshot.ids as string, Number(snapshot.customers))
      : null;
  let read: CustomerRead;
  const fromSnapshot = !!base && changed.length <= Math.max(REREAD_MIN, base.n * REREAD_SHARE);
  if (base && fromSnapshot) {
    const listed = new Set(changed);
    onSnapshot?.(base, listed);
    const fresh: CustomerRead[] = [];
    for (const slice of chunks(changed, 500))
      fresh.push(
        await readRows(sql, `${select()} ${WHERE_LISTED} AND c."id" IN ${marks(slice.length)}`, [shopId, ...slice]),
      );
    read = mergeRead(base, listed, concat(fresh));
  } else {
    const [r] = split ? await sql.values(`SELECT MIN(rowid), MAX(rowid) FROM "Customer"`) : [];
    const rowids = r && typeof r[0] === "number" && typeof r[1] === "number" ? { from: r[0], to: r[1] } : undefined;
    read = await readRows(
      sql,
      `${select(" NOT INDEXED")} ${WHERE}${rowids ? ` AND c.rowid BETWEEN ? AND ?` : ""}`,
      [shopId],
      rowids,
    );
  }
  if (!fromSnapshot || changed.length > read.n * RETAKE_SHARE) {
    const packed = packRead(read);
    await sql.run(`DELETE FROM "CustomerReadChange" WHERE "shopId" = ?`, [shopId]);
    if (packed)
      await sql.runConverted(
        `INSERT INTO "CustomerReadSnapshot" ("shopId", "takenAt", "customers", "data", "ids") VALUES (?, ?, ?, ?, ?)
         ON CONFLICT ("shopId") DO UPDATE SET "takenAt" = excluded."takenAt", "customers" = excluded."customers",
           "data" = excluded."data", "ids" = excluded."ids"`,
        [
          shopId,
          sql.convert(new Date()),
          read.n,
          Buffer.from(packed.data.buffer, packed.data.byteOffset, packed.data.byteLength),
          packed.ids,
        ],
      );
    else await sql.run(`DELETE FROM "CustomerReadSnapshot" WHERE "shopId" = ?`, [shopId]);
  }
  return { read, fromSnapshot, changed: changed.length };
}

/**
 * Drops the shop's snapshot and its list (before a bulk rewrite such as the weekly rebuild):
 * without a snapshot the triggers list nothing, and the next run reads the tables.
 */
export async function dropReadSnapshot(sql: SqlRunner, shopId: string) {
  await sql.run(`DELETE FROM "CustomerReadSnapshot" WHERE "shopId" = ?`, [shopId]);
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
