-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "linesCostMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "linesUncostedUnits" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "OrderLine_shopId_sku_day_idx" ON "OrderLine"("shopId", "sku", "day");


-- The stored orders' line costs, as every line write keeps them from now on (decision 069).
UPDATE "Order" o SET
  "linesCostMinor" = COALESCE(c.cost, 0),
  "linesUncostedUnits" = COALESCE(c.uncosted, 0)
FROM (
  SELECT l."orderId",
         SUM(CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END) AS cost,
         SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END) AS uncosted
  FROM "OrderLine" l GROUP BY l."orderId"
) c
WHERE c."orderId" = o."id";
