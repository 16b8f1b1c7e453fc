-- DropIndex
DROP INDEX "Order_shopId_customerId_cancelledAt_processedAt_totalMinor__idx";

-- CreateIndex
CREATE INDEX "Order_customer_spend_idx" ON "Order"("shopId", "customerId", "cancelledAt", "processedAt", "totalMinor", "refundsMinor", "grossSalesMinor", "discountsMinor");

