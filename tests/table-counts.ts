// Row counts of every table of the app's schema, to prove that a refused request wrote
// nothing anywhere. Left out: Prisma's migration log and the rate-limit counters
// (counting a refused request is their job). One statement per call (the fuzz tests
// count before and after thousands of requests); the table list is read once per process.
import { dialect, prisma } from "~/db.server";

const IGNORED = new Set(["_prisma_migrations", "RateLimiterFlexible"]);

let countAll: Promise<string> | undefined;

async function countStatement(): Promise<string> {
  const tables =
    dialect === "postgresql"
      ? await prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT tablename::text AS name FROM pg_tables WHERE schemaname = current_schema()`,
        )
      : await prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
        );
  return tables
    .map((t) => t.name)
    .filter((name) => !IGNORED.has(name) && /^[A-Za-z0-9_]+$/.test(name))
    .sort((a, b) => a.localeCompare(b))
    .map((name) => `SELECT '${name}' AS name, COUNT(*) AS n FROM "${name}"`)
    .join(" UNION ALL ");
}

export async function tableCounts(): Promise<Record<string, number>> {
  countAll ??= countStatement();
  const rows = await prisma.$queryRawUnsafe<{ name: string; n: number | bigint }[]>(await countAll);
  const out: Record<string, number> = {};
  for (const { name, n } of rows.sort((a, b) => a.name.localeCompare(b.name))) out[name] = Number(n);
  return out;
}
