-- CreateTable
CREATE TABLE "InventorySettings" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "windowDays" INTEGER NOT NULL DEFAULT 30,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "InventorySettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InventoryPlan" (
    "variantId" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "inventoryItemId" TEXT,
    "title" TEXT NOT NULL,
    "sku" TEXT,
    "category" TEXT NOT NULL,
    "priceMinor" INTEGER NOT NULL,
    "available" INTEGER NOT NULL,
    "committed" INTEGER NOT NULL,
    "onOrder" INTEGER NOT NULL,
    "supplierId" TEXT,
    "leadTimeDays" INTEGER NOT NULL,
    "serviceLevel" REAL NOT NULL,
    "daysOfStock" INTEGER NOT NULL,
    "minOrderQty" INTEGER NOT NULL,
    "casePack" INTEGER NOT NULL,
    "reorderPointOverride" INTEGER,
    "velocity" REAL NOT NULL,
    "sigma" REAL NOT NULL,
    "inStockDays" INTEGER NOT NULL,
    "unitsInWindow" INTEGER NOT NULL,
    "safetyStock" REAL NOT NULL,
    "reorderPoint" INTEGER NOT NULL,
    "computedReorderPoint" INTEGER NOT NULL,
    "daysOfCover" REAL,
    "stockOutDay" TEXT,
    "orderByDay" TEXT,
    "suggestedQty" INTEGER NOT NULL,
    "lostRevenuePerDayMinor" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "stockBar" INTEGER NOT NULL,
    "needsReorder" BOOLEAN NOT NULL,
    "overstock" BOOLEAN NOT NULL,
    "deadStock" BOOLEAN NOT NULL,
    "lastSaleDay" TEXT,
    "windowDays" INTEGER NOT NULL DEFAULT 30,
    "computedAt" DATETIME NOT NULL,
    CONSTRAINT "InventoryPlan_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_InventoryPlan" ("available", "casePack", "category", "committed", "computedAt", "computedReorderPoint", "daysOfCover", "daysOfStock", "deadStock", "inStockDays", "inventoryItemId", "lastSaleDay", "leadTimeDays", "lostRevenuePerDayMinor", "minOrderQty", "needsReorder", "onOrder", "orderByDay", "overstock", "priceMinor", "productId", "reorderPoint", "reorderPointOverride", "safetyStock", "serviceLevel", "shopId", "sigma", "sku", "status", "stockBar", "stockOutDay", "suggestedQty", "supplierId", "title", "unitsInWindow", "variantId", "velocity") SELECT "available", "casePack", "category", "committed", "computedAt", "computedReorderPoint", "daysOfCover", "daysOfStock", "deadStock", "inStockDays", "inventoryItemId", "lastSaleDay", "leadTimeDays", "lostRevenuePerDayMinor", "minOrderQty", "needsReorder", "onOrder", "orderByDay", "overstock", "priceMinor", "productId", "reorderPoint", "reorderPointOverride", "safetyStock", "serviceLevel", "shopId", "sigma", "sku", "status", "stockBar", "stockOutDay", "suggestedQty", "supplierId", "title", "unitsInWindow", "variantId", "velocity" FROM "InventoryPlan";
DROP TABLE "InventoryPlan";
ALTER TABLE "new_InventoryPlan" RENAME TO "InventoryPlan";
CREATE INDEX "InventoryPlan_shopId_lostRevenuePerDayMinor_idx" ON "InventoryPlan"("shopId", "lostRevenuePerDayMinor");
CREATE INDEX "InventoryPlan_shopId_status_idx" ON "InventoryPlan"("shopId", "status");
CREATE INDEX "InventoryPlan_shopId_category_idx" ON "InventoryPlan"("shopId", "category");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

