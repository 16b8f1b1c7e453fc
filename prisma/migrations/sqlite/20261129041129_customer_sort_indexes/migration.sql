-- DropIndex
DROP INDEX "CustomerScore_shopId_totalSpentMinor_idx";

-- DropIndex
DROP INDEX "CustomerScore_shopId_lastOrderAt_idx";

-- DropIndex
DROP INDEX "CustomerScore_shopId_orders_idx";

-- DropIndex
DROP INDEX "CustomerScore_shopId_sortName_idx";

-- DropIndex
DROP INDEX "CustomerScore_shopId_predicted12mMinor_idx";

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_totalSpentMinor_customerId_idx" ON "CustomerScore"("shopId", "totalSpentMinor", "customerId");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_lastOrderAt_customerId_idx" ON "CustomerScore"("shopId", "lastOrderAt", "customerId");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_orders_customerId_idx" ON "CustomerScore"("shopId", "orders", "customerId");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_sortName_customerId_idx" ON "CustomerScore"("shopId", "sortName", "customerId");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_predicted12mMinor_customerId_idx" ON "CustomerScore"("shopId", "predicted12mMinor", "customerId");

