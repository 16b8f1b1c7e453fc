-- AlterTable
ALTER TABLE "LoyaltyTier" ADD COLUMN     "pendingFrom" TIMESTAMP(3),
ADD COLUMN     "pendingMinSpend" INTEGER,
ADD COLUMN     "pendingMultiplier" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "LoyaltyCampaign" ADD COLUMN     "segment" TEXT;

