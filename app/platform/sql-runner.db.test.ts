// The `?`-placeholder runner on the real database (either engine), on Prisma's connection.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { inSqlTransaction, insertRows } from "~/platform/sql-runner.server";
import { createShop } from "~tests/factories";

describe("inSqlTransaction", () => {
  const at = new Date("2026-06-10T23:30:00.123Z");
  const COLUMNS = ["id", "shopId", "email", "acceptsMarketing", "createdAt"];
  const customer = (shopId: string, id: string) => [`${shopId}-${id}`, shopId, `${id}@example.com`, true, at];
  const insert = `INSERT INTO "Customer" ("id", "shopId", "email", "acceptsMarketing", "createdAt") VALUES (?, ?, ?, ?, ?)`;

  it("reads back what it wrote as the model API does: instants in UTC, counts as numbers, whatever the process's time zone", async () => {
    const shop = await createShop();
    const zone = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      const { rows, values } = await inSqlTransaction(async (sql) => {
        await sql.run(insert, customer(shop.id, "c-1"));
        const rows = await sql.all(
          `SELECT "createdAt", "acceptsMarketing" FROM "Customer" WHERE "shopId" = ? AND "createdAt" <= ?`,
          [shop.id, at],
        );
        const values = await sql.values(`SELECT COUNT(*), MAX("createdAt") FROM "Customer" WHERE "shopId" = ?`, [
          shop.id,
        ]);
        return { rows, values };
      });
      expect(rows).toHaveLength(1);
      expect(new Date(rows[0]!.createdAt as string).getTime()).toBe(at.getTime());
      expect(Boolean(rows[0]!.acceptsMarketing)).toBe(true);
      expect(values[0]![0]).toBe(1);
      expect(new Date(values[0]![1] as string).getTime()).toBe(at.getTime());
      const stored = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id } });
      expect(stored.createdAt.getTime()).toBe(at.getTime());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("rolls back everything when the work fails, and the next transaction runs", async () => {
    const shop = await createShop();
    await expect(
      inSqlTransaction(async (sql) => {
        await sql.run(insert, customer(shop.id, "c-1"));
        await sql.run(`SELECT "no_such_column" FROM "Customer"`);
      }),
    ).rejects.toThrow();
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(0);
    await inSqlTransaction((sql) => sql.run(insert, customer(shop.id, "c-2")));
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("writes a remainder of fewer rows than a full group (insertRows)", async () => {
    const shop = await createShop();
    const rows = Array.from({ length: 103 }, (_, i) => customer(shop.id, `c-${i}`));
    await inSqlTransaction((sql) => insertRows(sql, "Customer", COLUMNS, rows));
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(103);
  });

  it("refuses a row whose reference is missing (foreign keys are checked)", async () => {
    const shop = await createShop();
    await expect(
      inSqlTransaction((sql) =>
        sql.run(
          `INSERT INTO "Refund" ("id", "shopId", "orderId", "shopifyId", "processedAt", "day", "amountMinor") VALUES (?, ?, ?, ?, ?, ?, ?)`,
          ["orphan-refund", shop.id, "no-such-order", "gid://shopify/Refund/1", at, "2026-06-10", 100],
        ),
      ),
    ).rejects.toThrow();
    expect(await prisma.refund.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
