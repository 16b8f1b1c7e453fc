// The import's plain-SQL runner on the real database (either engine).
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { inSqlTransaction } from "~/platform/sql-runner.server";
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
