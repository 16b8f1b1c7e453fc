-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "loyaltyCostMinor" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "LoyaltyRedemption" ADD COLUMN     "usedDay" TEXT;

