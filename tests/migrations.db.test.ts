// The committed migrations build the schema the code is generated from: every model's table
// and every scalar field's column exist after migrating a fresh database, on both engines.
// Several features add migrations in parallel; one that redefines a table (SQLite copies it)
// without another's new column would lose that column here, not in production.
import { describe, expect, it } from "vitest";
import { Prisma as PrismaRuntime } from "../prisma/generated/sqlite";
import { dialect, prisma } from "~/db.server";

async function columnsOf(table: string): Promise<string[]> {
  if (dialect === "sqlite") {
    const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(`PRAGMA table_info("${table}")`);
    return rows.map((r) => r.name);
  }
  // Names from the generated client's own model list, not from input.
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT column_name::text AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${table}'`,
  );
  return rows.map((r) => r.name);
}

describe("migrations", () => {
  it("create every model's table with every scalar column", async () => {
    const missing: string[] = [];
    for (const model of PrismaRuntime.dmmf.datamodel.models) {
      const table = model.dbName ?? model.name;
      const columns = new Set(await columnsOf(table));
      if (!columns.size) {
        missing.push(`table ${table}`);
        continue;
      }
      for (const field of model.fields)
        if (field.kind === "scalar" || field.kind === "enum") {
          const column = field.dbName ?? field.name;
          if (!columns.has(column)) missing.push(`${table}.${column}`);
        }
    }
    expect(missing).toEqual([]);
  });
});
