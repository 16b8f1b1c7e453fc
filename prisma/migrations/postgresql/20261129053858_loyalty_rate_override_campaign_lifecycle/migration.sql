-- A rate the merchant chose (anything but the old default 0.7) stays as their override;
-- the default becomes the store's observed rate (docs/decisions/081).
-- AlterTable
ALTER TABLE "LoyaltyProgram" ADD COLUMN     "redemptionRateOverride" DOUBLE PRECISION;
UPDATE "LoyaltyProgram" SET "redemptionRateOverride" = "expectedRedemptionRate" WHERE "expectedRedemptionRate" <> 0.7;
ALTER TABLE "LoyaltyProgram" DROP COLUMN "expectedRedemptionRate";

-- AlterTable
ALTER TABLE "LoyaltyCampaign" ADD COLUMN     "endedAt" TIMESTAMP(3),
ADD COLUMN     "pausedAt" TIMESTAMP(3);
