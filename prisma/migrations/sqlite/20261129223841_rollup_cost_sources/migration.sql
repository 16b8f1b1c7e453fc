-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DailyRollup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "ordersCount" INTEGER NOT NULL DEFAULT 0,
    "grossSalesMinor" INTEGER NOT NULL DEFAULT 0,
    "discountsMinor" INTEGER NOT NULL DEFAULT 0,
    "refundsMinor" INTEGER NOT NULL DEFAULT 0,
    "shippingMinor" INTEGER NOT NULL DEFAULT 0,
    "taxesMinor" INTEGER NOT NULL DEFAULT 0,
    "cogsMinor" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,
    "shippingCostMinor" INTEGER NOT NULL DEFAULT 0,
    "paymentFeesMinor" INTEGER NOT NULL DEFAULT 0,
    "adSpendMinor" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    "loyaltyCostMinor" INTEGER NOT NULL DEFAULT 0,
    "unknownShippingCostOrders" INTEGER NOT NULL DEFAULT 0,
    "unknownPaymentFeeOrders" INTEGER NOT NULL DEFAULT 0,
    "feesShopifyPaymentsMinor" INTEGER NOT NULL DEFAULT 0,
    "feesByRuleMinor" INTEGER NOT NULL DEFAULT 0,
    "noFeeRuleOrders" INTEGER NOT NULL DEFAULT 0,
    "labelsImportedMinor" INTEGER NOT NULL DEFAULT 0,
    "labelsByRuleMinor" INTEGER NOT NULL DEFAULT 0,
    "noShippingRuleOrders" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "DailyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DailyRollup" ("adSpendMinor", "cogsMinor", "day", "discountsMinor", "grossSalesMinor", "id", "loyaltyCostMinor", "ordersCount", "paymentFeesMinor", "refundsMinor", "sessions", "shippingCostMinor", "shippingMinor", "shopId", "taxesMinor", "uncostedUnits", "unknownPaymentFeeOrders", "unknownShippingCostOrders") SELECT "adSpendMinor", "cogsMinor", "day", "discountsMinor", "grossSalesMinor", "id", "loyaltyCostMinor", "ordersCount", "paymentFeesMinor", "refundsMinor", "sessions", "shippingCostMinor", "shippingMinor", "shopId", "taxesMinor", "uncostedUnits", "unknownPaymentFeeOrders", "unknownShippingCostOrders" FROM "DailyRollup";
DROP TABLE "DailyRollup";
ALTER TABLE "new_DailyRollup" RENAME TO "DailyRollup";
CREATE UNIQUE INDEX "DailyRollup_shopId_day_key" ON "DailyRollup"("shopId", "day");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Fill the new sums from the stored orders (not cancelled), as rebuildRollups computes them (decision 097).
UPDATE "DailyRollup" SET
  "feesShopifyPaymentsMinor" = COALESCE((SELECT SUM(COALESCE(o."paymentFeesMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeeSource" = 'shopify_payments'), 0),
  "feesByRuleMinor" = COALESCE((SELECT SUM(COALESCE(o."paymentFeesMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeeSource" = 'rule'), 0),
  "noFeeRuleOrders" = (SELECT COUNT(*) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeeSource" = 'none'),
  "labelsImportedMinor" = COALESCE((SELECT SUM(COALESCE(o."shippingCostMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostSource" = 'import'), 0),
  "labelsByRuleMinor" = COALESCE((SELECT SUM(COALESCE(o."shippingCostMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostSource" = 'rule'), 0),
  "noShippingRuleOrders" = (SELECT COUNT(*) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostSource" = 'none');
