-- AlterTable
ALTER TABLE "LoyaltyCampaign" ADD COLUMN "endedAt" DATETIME;
ALTER TABLE "LoyaltyCampaign" ADD COLUMN "pausedAt" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_LoyaltyProgram" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT 'Loyalty Rewards',
    "autoEnroll" BOOLEAN NOT NULL DEFAULT true,
    "baseRate" REAL NOT NULL DEFAULT 1,
    "expiryMonths" INTEGER,
    "orderRule" TEXT NOT NULL DEFAULT 'paid',
    "tierWindow" TEXT NOT NULL DEFAULT 'lifetime',
    "redemptionRateOverride" REAL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LoyaltyProgram_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- A rate the merchant chose (anything but the old default 0.7) stays as their override.
INSERT INTO "new_LoyaltyProgram" ("autoEnroll", "baseRate", "expiryMonths", "name", "orderRule", "redemptionRateOverride", "shopId", "startedAt", "tierWindow", "updatedAt") SELECT "autoEnroll", "baseRate", "expiryMonths", "name", "orderRule", CASE WHEN "expectedRedemptionRate" <> 0.7 THEN "expectedRedemptionRate" END, "shopId", "startedAt", "tierWindow", "updatedAt" FROM "LoyaltyProgram";
DROP TABLE "LoyaltyProgram";
ALTER TABLE "new_LoyaltyProgram" RENAME TO "LoyaltyProgram";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

