-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProductDailyRollup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,
    "revenueMinor" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,
    "cogsMinor" INTEGER NOT NULL DEFAULT 0,
    "netSalesShareMinor" REAL NOT NULL DEFAULT 0,
    "refundsShareMinor" REAL NOT NULL DEFAULT 0,
    "feesShareMinor" REAL NOT NULL DEFAULT 0,
    "shippingShareMinor" REAL NOT NULL DEFAULT 0,
    "unknownFeeUnits" INTEGER NOT NULL DEFAULT 0,
    "unknownShippingUnits" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductDailyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductDailyRollup" ("day", "id", "productId", "revenueMinor", "shopId", "uncostedUnits", "units") SELECT "day", "id", "productId", "revenueMinor", "shopId", "uncostedUnits", "units" FROM "ProductDailyRollup";
DROP TABLE "ProductDailyRollup";
ALTER TABLE "new_ProductDailyRollup" RENAME TO "ProductDailyRollup";
CREATE INDEX "ProductDailyRollup_shopId_productId_idx" ON "ProductDailyRollup"("shopId", "productId");
CREATE UNIQUE INDEX "ProductDailyRollup_shopId_day_productId_key" ON "ProductDailyRollup"("shopId", "day", "productId");
CREATE TABLE "new_ProductMonthlyRollup" (
    "shopId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,
    "revenueMinor" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,
    "cogsMinor" INTEGER NOT NULL DEFAULT 0,
    "netSalesShareMinor" REAL NOT NULL DEFAULT 0,
    "refundsShareMinor" REAL NOT NULL DEFAULT 0,
    "feesShareMinor" REAL NOT NULL DEFAULT 0,
    "shippingShareMinor" REAL NOT NULL DEFAULT 0,
    "unknownFeeUnits" INTEGER NOT NULL DEFAULT 0,
    "unknownShippingUnits" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopId", "month", "productId"),
    CONSTRAINT "ProductMonthlyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductMonthlyRollup" ("month", "productId", "revenueMinor", "shopId", "uncostedUnits", "units") SELECT "month", "productId", "revenueMinor", "shopId", "uncostedUnits", "units" FROM "ProductMonthlyRollup";
DROP TABLE "ProductMonthlyRollup";
ALTER TABLE "new_ProductMonthlyRollup" RENAME TO "ProductMonthlyRollup";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Order_shopId_name_idx" ON "Order"("shopId", "name");

-- CreateIndex
CREATE INDEX "Order_shopId_email_idx" ON "Order"("shopId", "email");

