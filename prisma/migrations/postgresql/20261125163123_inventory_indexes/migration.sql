-- DropIndex
DROP INDEX "OrderLine_shopId_day_variantId_quantity_idx";

-- CreateIndex
CREATE INDEX "OrderLine_shopId_day_variantId_quantity_orderId_idx" ON "OrderLine"("shopId", "day", "variantId", "quantity", "orderId");

-- CreateIndex
CREATE INDEX "OrderLine_shopId_variantId_day_quantity_orderId_idx" ON "OrderLine"("shopId", "variantId", "day", "quantity", "orderId");

