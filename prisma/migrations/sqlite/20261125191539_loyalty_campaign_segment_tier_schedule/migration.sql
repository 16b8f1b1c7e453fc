-- AlterTable
ALTER TABLE "LoyaltyTier" ADD COLUMN "pendingFrom" DATETIME;
ALTER TABLE "LoyaltyTier" ADD COLUMN "pendingMinSpend" INTEGER;
ALTER TABLE "LoyaltyTier" ADD COLUMN "pendingMultiplier" REAL;

-- AlterTable
ALTER TABLE "LoyaltyCampaign" ADD COLUMN "segment" TEXT;

