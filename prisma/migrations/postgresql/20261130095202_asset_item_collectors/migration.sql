-- CreateIndex
CREATE INDEX "AssetItem_shopId_customerId_idx" ON "AssetItem"("shopId", "customerId");

