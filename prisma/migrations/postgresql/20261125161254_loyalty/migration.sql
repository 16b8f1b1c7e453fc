-- DropIndex
DROP INDEX "LoyaltyLedgerEntry_shopId_day_idx";

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_day_kind_points_idx" ON "LoyaltyLedgerEntry"("shopId", "day", "kind", "points");

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_kind_day_customerId_idx" ON "LoyaltyLedgerEntry"("shopId", "kind", "day", "customerId");

