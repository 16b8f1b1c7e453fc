-- DropIndex
DROP INDEX "Order_shopId_customerId_idx";

-- CreateIndex
CREATE INDEX "Order_shopId_customerId_cancelledAt_processedAt_totalMinor__idx" ON "Order"("shopId", "customerId", "cancelledAt", "processedAt", "totalMinor", "refundsMinor");

