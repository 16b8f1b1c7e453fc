-- DropIndex
DROP INDEX "LoyaltyMember_shopId_lastActivityAt_idx";

-- CreateIndex
CREATE INDEX "Order_shipping_coverage_idx" ON "Order"("shopId", "cancelledAt", "shippingCostSource", "shippingCountryCode");

-- CreateIndex
CREATE INDEX "Order_fee_coverage_idx" ON "Order"("shopId", "cancelledAt", "gateways", "paymentFeeSource");

-- CreateIndex
CREATE INDEX "LoyaltyMember_shopId_lastActivityAt_balance_idx" ON "LoyaltyMember"("shopId", "lastActivityAt", "balance");

