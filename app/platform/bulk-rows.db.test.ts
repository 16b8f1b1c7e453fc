// Bulk inserts of array rows (the import's form) through the typed path, on either engine.
import { describe, expect, it } from "vitest";
import { insertRows, prisma } from "~/db.server";
import { bulkId } from "~/platform/bulk-rows.server";
import { createShop } from "~tests/factories";

describe("insertRows with array rows (the import's form)", () => {
  const at = new Date("2026-06-10T23:30:00.123Z");

  it("stores every row of several statements as the model API reads them: instants in UTC, booleans, nulls, text", async () => {
    const shop = await createShop();
    const rows = Array.from({ length: 2_003 }, (_, i) => [
      bulkId(),
      shop.id,
      `gid://shopify/Customer/${i}`,
      i % 2 === 0 ? `c${i}@example.com` : null,
      i % 3 === 0,
      at,
    ]);
    await prisma.$transaction((tx) =>
      insertRows(tx, "Customer", ["id", "shopId", "shopifyId", "email", "acceptsMarketing", "createdAt"], rows),
    );
    const stored = await prisma.customer.findMany({
      where: { shopId: shop.id },
      orderBy: { id: "asc" },
      select: { id: true, shopifyId: true, email: true, acceptsMarketing: true, createdAt: true },
    });
    expect(stored).toHaveLength(2_003);
    expect(stored.map((c) => c.id)).toEqual(rows.map((r) => r[0]));
    expect(stored[0]).toEqual({
      id: rows[0][0],
      shopifyId: "gid://shopify/Customer/0",
      email: "c0@example.com",
      acceptsMarketing: true,
      createdAt: at,
    });
    expect(stored[1]).toMatchObject({ email: null, acceptsMarketing: false });
    expect(stored[2_001]).toMatchObject({
      shopifyId: "gid://shopify/Customer/2001",
      email: null,
      acceptsMarketing: true,
    });
    expect(await prisma.customer.count({ where: { shopId: shop.id, createdAt: at } })).toBe(2_003);
  });

  it("writes text as given, quotes and non-Latin characters included, and nothing for no rows", async () => {
    const shop = await createShop();
    const name = `O'Brien "Zoë" — 東京 \\ ✓`;
    await insertRows(prisma, "Customer", ["id", "shopId", "firstName", "createdAt"], [[bulkId(), shop.id, name, at]]);
    await insertRows(prisma, "Customer", ["id", "shopId", "createdAt"], []);
    expect(await prisma.customer.findMany({ where: { shopId: shop.id }, select: { firstName: true } })).toEqual([
      { firstName: name },
    ]);
  });
});
