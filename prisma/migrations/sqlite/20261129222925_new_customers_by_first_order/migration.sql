-- CreateIndex
CREATE INDEX "CustomerOrderSummary_shopId_firstOrderMs_idx" ON "CustomerOrderSummary"("shopId", "firstOrderMs");

