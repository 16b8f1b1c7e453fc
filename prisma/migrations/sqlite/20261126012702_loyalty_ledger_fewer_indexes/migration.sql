-- DropIndex
DROP INDEX "LoyaltyLedgerEntry_shopId_customerId_occurredAt_idx";

-- DropIndex
DROP INDEX "LoyaltyLedgerEntry_shopId_day_kind_points_idx";

-- DropIndex
DROP INDEX "LoyaltyLedgerEntry_shopId_kind_day_customerId_idx";

-- DropIndex
DROP INDEX "LoyaltyLedgerEntry_shopId_orderId_idx";

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_customerId_kind_occurredAt_points_idx" ON "LoyaltyLedgerEntry"("shopId", "customerId", "kind", "occurredAt", "points");

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_kind_day_customerId_points_idx" ON "LoyaltyLedgerEntry"("shopId", "kind", "day", "customerId", "points");

