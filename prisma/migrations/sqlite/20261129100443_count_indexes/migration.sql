-- CreateIndex
CREATE INDEX "Customer_shopId_deletedAt_redactedAt_idx" ON "Customer"("shopId", "deletedAt", "redactedAt");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_segment_taggedSegment_monetaryMinor_idx" ON "CustomerScore"("shopId", "segment", "taggedSegment", "monetaryMinor");

-- CreateIndex
CREATE INDEX "LoyaltyMember_shopId_tierId_lastActivityAt_idx" ON "LoyaltyMember"("shopId", "tierId", "lastActivityAt");

