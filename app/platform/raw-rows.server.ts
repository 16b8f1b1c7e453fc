// Lean reads for exports (docs/decisions/051-analytics-export.md): rows as arrays in SELECT order.
// Read-only SELECTs with `?` placeholders and double-quoted identifiers (the same SQL on both
// engines); values are always bound, never spliced. They run on the process's one connection or
// pool (docs/decisions/076-typed-sql.md), a page at a time.
import { dialect, plainRow, prisma } from "~/db.server";

export type RawParam = string | number | null;

const toDollar = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

/**
 * An instant as a bound parameter compared with a stored DateTime column: PostgreSQL casts
 * the ISO text; SQLite compares the text Prisma stored ("…+00:00"), so it must match that form.
 */
export function rawInstant(at: Date): RawParam {
  const iso = at.toISOString();
  return dialect === "postgresql" ? iso : `${iso.slice(0, -1)}+00:00`;
}

/** The rows of a read-only query, each an array of its columns in SELECT order. */
export async function rawRows(sql: string, params: readonly RawParam[] = []): Promise<unknown[][]> {
  const text = dialect === "postgresql" ? toDollar(sql) : sql;
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(text, ...params);
  return rows.map((r) => Object.values(plainRow(r)));
}
