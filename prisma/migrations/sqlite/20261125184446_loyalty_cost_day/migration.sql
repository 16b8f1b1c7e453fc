-- AlterTable
ALTER TABLE "LoyaltyRedemption" ADD COLUMN "usedDay" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DailyRollup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "ordersCount" INTEGER NOT NULL DEFAULT 0,
    "grossSalesMinor" INTEGER NOT NULL DEFAULT 0,
    "discountsMinor" INTEGER NOT NULL DEFAULT 0,
    "refundsMinor" INTEGER NOT NULL DEFAULT 0,
    "shippingMinor" INTEGER NOT NULL DEFAULT 0,
    "taxesMinor" INTEGER NOT NULL DEFAULT 0,
    "cogsMinor" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,
    "shippingCostMinor" INTEGER NOT NULL DEFAULT 0,
    "paymentFeesMinor" INTEGER NOT NULL DEFAULT 0,
    "adSpendMinor" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    "loyaltyCostMinor" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "DailyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DailyRollup" ("adSpendMinor", "cogsMinor", "day", "discountsMinor", "grossSalesMinor", "id", "ordersCount", "paymentFeesMinor", "refundsMinor", "sessions", "shippingCostMinor", "shippingMinor", "shopId", "taxesMinor", "uncostedUnits") SELECT "adSpendMinor", "cogsMinor", "day", "discountsMinor", "grossSalesMinor", "id", "ordersCount", "paymentFeesMinor", "refundsMinor", "sessions", "shippingCostMinor", "shippingMinor", "shopId", "taxesMinor", "uncostedUnits" FROM "DailyRollup";
DROP TABLE "DailyRollup";
ALTER TABLE "new_DailyRollup" RENAME TO "DailyRollup";
CREATE UNIQUE INDEX "DailyRollup_shopId_day_key" ON "DailyRollup"("shopId", "day");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

