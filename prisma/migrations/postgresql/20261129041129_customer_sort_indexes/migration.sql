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


-- Written by hand (Prisma's schema cannot say NULLS LAST): the list's nullable sorts most-first
-- ("Predicted 12-month value ↓", "Last order ↓", customers without a value last) read from an
-- index in that order; the indexes above serve the ascending sorts, whose nulls are last already.
CREATE INDEX "CustomerScore_shopId_predicted12mMinor_desc_idx" ON "CustomerScore"("shopId", "predicted12mMinor" DESC NULLS LAST, "customerId" DESC);
CREATE INDEX "CustomerScore_shopId_lastOrderAt_desc_idx" ON "CustomerScore"("shopId", "lastOrderAt" DESC NULLS LAST, "customerId" DESC);
