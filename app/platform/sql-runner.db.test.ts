// The import's plain-SQL runner on the real database (either engine).
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { inSqlTransaction, insertRows } from "~/platform/sql-runner.server";
import { createShop } from "~tests/factories";

const orphanRefund = (shopId: string) =>
  inSqlTransaction((sql) =>
    sql.run(
      `INSERT INTO "Refund" ("id", "shopId", "orderId", "shopifyId", "processedAt", "day", "amountMinor") VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        "orphan-refund",
        shopId,
        "no-such-order",
        "gid://shopify/Refund/1",
        new Date("2026-06-10T00:00:00Z"),
        "2026-06-10",
        100,
      ],
    ),
  );

describe("inSqlTransaction", () => {
  it("checks foreign keys again after a transaction that left them out (the store import's batches)", async () => {
    const shop = await createShop();
    await inSqlTransaction(async (sql) => sql.all(`SELECT "id" FROM "Shop" WHERE "id" = ?`, [shop.id]), {
      foreignKeys: false,
    });
    await expect(orphanRefund(shop.id)).rejects.toThrow();
    expect(await prisma.refund.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("checks them again when such a transaction failed", async () => {
    const shop = await createShop();
    await expect(
      inSqlTransaction(
        async () => {
          throw new Error("batch failed");
        },
        { foreignKeys: false },
      ),
    ).rejects.toThrow("batch failed");
    await expect(orphanRefund(shop.id)).rejects.toThrow();
  });
});

// `direct` runs on PostgreSQL through the driver on a pool of its own (decision 067, twelfth
// pass); on SQLite it changes nothing. The same statements must give the same values.
describe("inSqlTransaction, direct", () => {
  const at = new Date("2026-06-10T23:30:00.123Z");
  const COLUMNS = ["id", "shopId", "email", "acceptsMarketing", "createdAt"];
  const customer = (shopId: string, id: string) => [`${shopId}-${id}`, shopId, `${id}@example.com`, true, at];
  const insert = `INSERT INTO "Customer" ("id", "shopId", "email", "acceptsMarketing", "createdAt") VALUES (?, ?, ?, ?, ?)`;

  it("reads back what it wrote as the Prisma path does: instants in UTC, whatever the process's time zone", async () => {
    const shop = await createShop();
    const zone = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      const read = (direct: boolean) =>
        inSqlTransaction(
          async (sql) => {
            if (direct) await sql.run(insert, customer(shop.id, "c-direct"));
            const rows = await sql.all(
              `SELECT "createdAt", "acceptsMarketing" FROM "Customer" WHERE "shopId" = ? AND "createdAt" <= ?`,
              [shop.id, at],
            );
            const values = await sql.values(`SELECT COUNT(*), MAX("createdAt") FROM "Customer" WHERE "shopId" = ?`, [
              shop.id,
            ]);
            return { rows, values };
          },
          { direct },
        );
      const direct = await read(true);
      const through = await read(false);
      expect(direct.rows).toHaveLength(1);
      expect(new Date(direct.rows[0]!.createdAt as string).getTime()).toBe(at.getTime());
      expect(new Date(through.rows[0]!.createdAt as string).getTime()).toBe(at.getTime());
      expect(Boolean(direct.rows[0]!.acceptsMarketing)).toBe(true);
      expect(Number(direct.values[0]![0])).toBe(1);
      expect(new Date(direct.values[0]![1] as string).getTime()).toBe(at.getTime());
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
      inSqlTransaction(
        async (sql) => {
          await sql.run(insert, customer(shop.id, "c-1"));
          await sql.run(`SELECT "no_such_column" FROM "Customer"`);
        },
        { direct: true },
      ),
    ).rejects.toThrow();
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(0);
    await inSqlTransaction((sql) => sql.run(insert, customer(shop.id, "c-2")), { direct: true });
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("writes a remainder of fewer rows than a full group (insertRows)", async () => {
    const shop = await createShop();
    const rows = Array.from({ length: 103 }, (_, i) => customer(shop.id, `c-${i}`));
    await inSqlTransaction((sql) => insertRows(sql, "Customer", COLUMNS, rows), { direct: true });
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(103);
  });

  it("runs a started statement while the caller goes on, before the statements issued after it", async () => {
    const shop = await createShop();
    // ~1.5 MB of parameters: more than a socket takes at once, so `start` must hand the rest over.
    const ids = Array.from({ length: 20_000 }, (_, i) => `${shop.id}-s${i}-${"x".repeat(48)}`);
    const count = await inSqlTransaction(
      async (sql) => {
        const written = await sql.start(
          `INSERT INTO "Customer" ("id", "shopId", "email", "acceptsMarketing", "createdAt")
           SELECT v.id, ?, v.id || '@example.com', true, ? FROM ${
             sql.dialect === "postgresql" ? "unnest(?::text[]) AS v(id)" : "(SELECT value AS id FROM json_each(?)) AS v"
           }`,
          [shop.id, sql.convert(at), sql.dialect === "postgresql" ? ids : JSON.stringify(ids)],
        );
        // Computing meanwhile, without a turn of the event loop, as the recompute ranks.
        const until = performance.now() + 50;
        while (performance.now() < until);
        await written.done;
        const [row] = await sql.all(`SELECT COUNT(*) AS "n" FROM "Customer" WHERE "shopId" = ?`, [shop.id]);
        return Number(row!.n);
      },
      { direct: true },
    );
    expect(count).toBe(ids.length);
  });

  it("reads a started statement's failure from `done`, and rolls the transaction back", async () => {
    const shop = await createShop();
    await expect(
      inSqlTransaction(
        async (sql) => {
          await sql.run(insert, customer(shop.id, "c-1"));
          const failing = await sql.start(`SELECT "no_such_column" FROM "Customer"`, []);
          await failing.done;
        },
        { direct: true },
      ),
    ).rejects.toThrow();
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
