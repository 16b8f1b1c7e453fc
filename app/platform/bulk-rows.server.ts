// Bulk inserts on the typed path (docs/decisions/076-typed-sql.md): many rows in one statement,
// sent as one JSON parameter that the database unpacks (SQLite's json_each, PostgreSQL's
// json_populate_recordset with the table's own column types). Thousands of separately bound
// values per statement cost more to bind, and through Prisma's raw path to prepare again on every
// call, than the insert itself (docs/decisions/032-bulk-import-design.md).
import { dialect, sql, sqlOn, type DB, type DbClient } from "~/db.server";

/** A column value as a bulk insert takes it. */
export type BulkValue = string | number | boolean | Date | null;

/** Rows per statement: one JSON parameter of a few hundred kB at most. */
const ROWS_PER_STATEMENT = 2_000;

/** SQLite keeps DateTime as text in the form Prisma writes it (ISO with +00:00), booleans as 0/1. */
function sqliteValue(v: BulkValue): string | number | null {
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  const iso = v.toISOString();
  return `${iso.slice(0, -1)}+00:00`;
}

/** PostgreSQL's JSON rows: instants as UTC ISO text (the columns are UTC `timestamp`). */
const pgValue = (v: BulkValue) => (v instanceof Date ? v.toISOString() : v);

/**
 * Inserts `rows` (arrays of values in the order of `columns`) into `table` on `client` (the
 * process's client, or a transaction's), one statement per 2,000 rows.
 */
export async function insertJsonRows<T extends keyof DB & string>(
  client: DbClient,
  table: T,
  columns: readonly (keyof DB[T] & string)[],
  rows: readonly (readonly BulkValue[])[],
): Promise<void> {
  const db = sqlOn(client);
  const into = sql.join(columns.map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const slice = rows.slice(i, i + ROWS_PER_STATEMENT);
    const statement =
      dialect === "postgresql"
        ? sql`INSERT INTO ${sql.table(table)} (${into}) SELECT ${into} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(
            slice.map((row) => Object.fromEntries(columns.map((c, k) => [c, pgValue(row[k] ?? null)]))),
          )}::json)`
        : sql`INSERT INTO ${sql.table(table)} (${into}) SELECT ${sql.join(
            columns.map((_, k) => sql`value ->> ${sql.lit(k)}`),
          )} FROM json_each(${JSON.stringify(slice.map((row) => row.map((v) => sqliteValue(v ?? null))))})`;
    await statement.execute(db);
  }
}

let sequence = 0;
const prefix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Ids for bulk-inserted rows: increasing within a process (appended to the primary-key index), unique across processes. */
export function bulkId(): string {
  sequence++;
  return `b${prefix}${sequence.toString(36).padStart(9, "0")}`;
}
