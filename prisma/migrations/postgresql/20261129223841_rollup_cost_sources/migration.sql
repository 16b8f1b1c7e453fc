-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "feesByRuleMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "feesShopifyPaymentsMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "labelsByRuleMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "labelsImportedMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "noFeeRuleOrders" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "noShippingRuleOrders" INTEGER NOT NULL DEFAULT 0;


-- Fill the new sums from the stored orders (not cancelled), as rebuildRollups computes them (decision 097).
UPDATE "DailyRollup" SET
  "feesShopifyPaymentsMinor" = COALESCE((SELECT SUM(COALESCE(o."paymentFeesMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeeSource" = 'shopify_payments'), 0),
  "feesByRuleMinor" = COALESCE((SELECT SUM(COALESCE(o."paymentFeesMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeeSource" = 'rule'), 0),
  "noFeeRuleOrders" = (SELECT COUNT(*) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."paymentFeeSource" = 'none'),
  "labelsImportedMinor" = COALESCE((SELECT SUM(COALESCE(o."shippingCostMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostSource" = 'import'), 0),
  "labelsByRuleMinor" = COALESCE((SELECT SUM(COALESCE(o."shippingCostMinor", 0)) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostSource" = 'rule'), 0),
  "noShippingRuleOrders" = (SELECT COUNT(*) FROM "Order" o WHERE o."shopId" = "DailyRollup"."shopId" AND o."day" = "DailyRollup"."day" AND o."cancelledAt" IS NULL AND o."shippingCostSource" = 'none');
