process.env.DATABASE_URL = "file:/tmp/h_inventory/v10k.db";
process.env.NODE_ENV = "production"; process.env.TELEMETRY = "off"; process.env.PROFILE_INV = "1"; process.env.DEMO_MODE = "1"; delete process.env.SHOPIFY_API_KEY;
const { prisma } = await import("~/db.server");
const { recomputeShop } = await import("~/features/inventory/index.server");
const shop = await prisma.shop.findFirstOrThrow({ where: { isDemo: true } });
const q = async (name: string, sql: string, ...params: unknown[]) => {
  const t = performance.now();
  const r = await prisma.$queryRawUnsafe<unknown[]>(sql, ...params);
  console.log(name, r.length, (performance.now() - t).toFixed(0), "ms");
};
for (let i = 0; i < 2; i++) {
  await q("demand", `SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l INDEXED BY "OrderLine_shopId_day_variantId_quantity_orderId_idx"
          WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ? AND l."variantId" IS NOT NULL
            AND l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?)
          GROUP BY l."variantId", l."day"`, shop.id, "2026-10-26", "2026-11-24", shop.id, "2026-10-26");
  await q("demand-nocancel", `SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l INDEXED BY "OrderLine_shopId_day_variantId_quantity_orderId_idx"
          WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ? AND l."variantId" IS NOT NULL
          GROUP BY l."variantId", l."day"`, shop.id, "2026-10-26", "2026-11-24");
  await q("count-lines", `SELECT COUNT(*) FROM "OrderLine" l INDEXED BY "OrderLine_shopId_day_variantId_quantity_orderId_idx" WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ?`, shop.id, "2026-10-26", "2026-11-24");
  await q("variants", `SELECT v."id", v."productId", v."inventoryItemId", v."title", p."title" AS "productTitle", v."sku",
                p."category", v."priceMinor", i."available", i."committed"
           FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
           LEFT JOIN "InventoryLevel" i ON i."variantId" = v."id"
          WHERE v."shopId" = ? AND p."deletedAt" IS NULL`, shop.id);
  const t = performance.now();
  await recomputeShop(shop);
  console.log("recompute", (performance.now() - t).toFixed(0));
}
await prisma.$disconnect();
