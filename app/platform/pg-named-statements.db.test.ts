// Named statements through the app's Prisma client, on the real database (PostgreSQL only:
// SQLite has no server to plan statements, and nothing is registered there).
import { describe, expect, it } from "vitest";
import { dialect, prisma } from "~/db.server";
import { named, statementName } from "~/platform/pg-named-statements.server";

const prepared = (tx: typeof prisma) =>
  tx.$queryRawUnsafe<{ name: string; statement: string }[]>(
    `SELECT "name", "statement" FROM pg_prepared_statements ORDER BY "name"`,
  );

describe.skipIf(dialect !== "postgresql")("named statements (PostgreSQL)", () => {
  it("sends a registered text under its name on the transaction's connection, and others unnamed", async () => {
    const text = named(`SELECT $1::int + 1 AS "next" /* named test */`);
    const name = statementName(text)!;
    expect(name).toMatch(/^pp_named_\d+$/);
    const seen = await prisma.$transaction(async (tx) => {
      const first = await tx.$queryRawUnsafe<{ next: number }[]>(text, 1);
      const second = await tx.$queryRawUnsafe<{ next: number }[]>(text, 41);
      await tx.$queryRawUnsafe(`SELECT $1::int AS "plain" /* not named */`, 1);
      return { answers: [first[0]!.next, second[0]!.next], statements: await prepared(tx as typeof prisma) };
    });
    expect(seen.answers).toEqual([2, 42]);
    expect(seen.statements).toContainEqual({ name, statement: text });
    expect(seen.statements.some((s) => s.statement.includes("not named"))).toBe(false);
  });

  it("reports a failing named statement and names it again once it parses", async () => {
    const bad = named(`SELECT "nope" FROM "Shop" WHERE "id" = $1 /* named test, bad column */`);
    await expect(prisma.$queryRawUnsafe(bad, "x")).rejects.toThrow();
    // The connection is still usable, and a good statement named after the failure runs.
    const good = named(`SELECT count(*)::int AS "shops" FROM "Shop" WHERE "id" = $1 /* named test */`);
    const [row] = await prisma.$queryRawUnsafe<{ shops: number }[]>(good, "no-such-shop");
    expect(row!.shops).toBe(0);
  });
});
