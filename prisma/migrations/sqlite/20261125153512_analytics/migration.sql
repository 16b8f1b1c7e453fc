-- CreateTable
CREATE TABLE "DimensionDayRollup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sub" TEXT NOT NULL DEFAULT '',
    "ordersCount" INTEGER NOT NULL DEFAULT 0,
    "grossSalesMinor" INTEGER NOT NULL DEFAULT 0,
    "discountsMinor" INTEGER NOT NULL DEFAULT 0,
    "refundsMinor" INTEGER NOT NULL DEFAULT 0,
    "shippingMinor" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "DimensionDayRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomDashboard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cards" TEXT NOT NULL,
    "timeframe" TEXT NOT NULL,
    "comparison" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomDashboard_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "DimensionDayRollup_shopId_dimension_day_key_sub_key" ON "DimensionDayRollup"("shopId", "dimension", "day", "key", "sub");

-- CreateIndex
CREATE UNIQUE INDEX "CustomDashboard_shopId_name_key" ON "CustomDashboard"("shopId", "name");

