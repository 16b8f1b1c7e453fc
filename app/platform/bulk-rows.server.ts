// What bulk writes share besides db.server's insertRows (one JSON parameter per batch of rows,
// docs/decisions/076-typed-sql.md): the value type of an array row, and ids made in the process.

/** A column value as a bulk insert takes it. */
export type BulkValue = string | number | boolean | Date | null;

let sequence = 0;
const prefix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Ids for bulk-inserted rows: increasing within a process (appended to the primary-key index), unique across processes. */
export function bulkId(): string {
  sequence++;
  return `b${prefix}${sequence.toString(36).padStart(9, "0")}`;
}
