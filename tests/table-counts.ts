// Row counts of every table of the app's schema, to prove that a refused request wrote
// nothing anywhere. Left out: Prisma's migration log and the rate-limit counters
// (counting a refused request is their job).
import { dialect, prisma } from "~/db.server";

const IGNORED = new Set(["_prisma_migrations", "RateLimiterFlexible"]);

export async function tableCounts(): Promise<Record<string, number>> {
  const tables =
    dialect === "postgresql"
      ? await prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT tablename::text AS name FROM pg_tables WHERE schemaname = current_schema()`,
        )
      : await prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
        );
  const out: Record<string, number> = {};
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (IGNORED.has(name)) continue;
    const [row] = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "${name}"`);
    out[name] = Number(row.n);
  }
  return out;
}
