-- CreateIndex
CREATE INDEX "CustomerScore_shopId_computedAt_idx" ON "CustomerScore"("shopId", "computedAt");

