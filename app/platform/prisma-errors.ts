/** Prisma's unique-constraint violation (P2002), the same on SQLite and PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  return !!error && typeof error === "object" && (error as { code?: string }).code === "P2002";
}

/**
 * A write that lost a race for the database and may succeed if retried: SQLite's lock (the
 * driver's SQLITE_BUSY codes) or Prisma's operation or transaction timeout (P1008, P2028), and
 * PostgreSQL's serialization failure or deadlock (P2034). Not a fault of the request.
 */
export function isContention(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: string }).code ?? "";
  return ["P1008", "P2028", "P2034"].includes(code) || code.startsWith("SQLITE_BUSY");
}

/** What a caller is told when its write lost such a race (a 503 with Retry-After). */
export const BUSY_MESSAGE =
  "The store's database is busy with other changes. Nothing was saved; try again in a moment.";
