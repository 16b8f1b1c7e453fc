-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "unknownPaymentFeeOrders" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unknownShippingCostOrders" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "VariantDailySales" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,
    "uncostedRevenueMinor" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "VariantDailySales_pkey" PRIMARY KEY ("shopId","day","variantId","sku","productId","title")
);

-- CreateTable
CREATE TABLE "VariantMonthlySales" (
    "shopId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,
    "uncostedRevenueMinor" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "VariantMonthlySales_pkey" PRIMARY KEY ("shopId","month","variantId","sku","productId","title")
);

-- AddForeignKey
ALTER TABLE "VariantDailySales" ADD CONSTRAINT "VariantDailySales_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VariantMonthlySales" ADD CONSTRAINT "VariantMonthlySales_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Fill the new rollups for the stores already installed (later writes keep them; rebuildRollups
-- writes them the same way): lines of cancelled orders count nowhere.
INSERT INTO "VariantDailySales" ("shopId", "day", "variantId", "sku", "productId", "title", "units", "uncostedUnits", "uncostedRevenueMinor")
SELECT l."shopId", l."day", COALESCE(l."variantId", ''), COALESCE(l."sku", ''), COALESCE(l."productId", ''),
       CASE WHEN l."productId" IS NULL THEN l."title" ELSE '' END, SUM(l."quantity"),
       SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END),
       SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" * l."unitPriceMinor" - l."discountMinor" ELSE 0 END)
FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId"
WHERE o."cancelledAt" IS NULL
GROUP BY l."shopId", l."day", COALESCE(l."variantId", ''), COALESCE(l."sku", ''), COALESCE(l."productId", ''),
         CASE WHEN l."productId" IS NULL THEN l."title" ELSE '' END;

INSERT INTO "VariantMonthlySales" ("shopId", "month", "variantId", "sku", "productId", "title", "units", "uncostedUnits", "uncostedRevenueMinor")
SELECT "shopId", SUBSTR("day", 1, 7), "variantId", "sku", "productId", "title", SUM("units"), SUM("uncostedUnits"), SUM("uncostedRevenueMinor")
FROM "VariantDailySales"
GROUP BY "shopId", SUBSTR("day", 1, 7), "variantId", "sku", "productId", "title";

UPDATE "DailyRollup" SET
  "unknownShippingCostOrders" = (SELECT COUNT(*) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId"
    AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostMinor" IS NULL),
  "unknownPaymentFeeOrders" = (SELECT COUNT(*) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId"
    AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeesMinor" IS NULL);
