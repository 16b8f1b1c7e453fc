/** Prisma's unique-constraint violation (P2002), the same on SQLite and PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  return !!error && typeof error === "object" && (error as { code?: string }).code === "P2002";
}
