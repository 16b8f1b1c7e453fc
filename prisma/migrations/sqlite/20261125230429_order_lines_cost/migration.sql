-- AlterTable (two added columns with defaults: no table copy needed)
ALTER TABLE "Order" ADD COLUMN "linesCostMinor" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "linesUncostedUnits" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "OrderLine_shopId_sku_day_idx" ON "OrderLine"("shopId", "sku", "day");

-- The stored orders' line costs, as every line write keeps them from now on (decision 069).
UPDATE "Order" SET
  "linesCostMinor" = COALESCE((SELECT SUM(CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END) FROM "OrderLine" l WHERE l."orderId" = "Order"."id"), 0),
  "linesUncostedUnits" = COALESCE((SELECT SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END) FROM "OrderLine" l WHERE l."orderId" = "Order"."id"), 0);
