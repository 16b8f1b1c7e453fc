-- CreateTable
CREATE TABLE "InventoryLocationPlan" (
    "variantId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "available" INTEGER NOT NULL,
    "share" REAL NOT NULL,
    "velocity" REAL NOT NULL,
    "reorderPoint" INTEGER NOT NULL,
    "daysOfCover" REAL,
    "stockOutDay" TEXT,
    "status" TEXT NOT NULL,
    "stockBar" INTEGER NOT NULL,
    "lostRevenuePerDayMinor" INTEGER NOT NULL,
    "needsReorder" BOOLEAN NOT NULL,

    PRIMARY KEY ("variantId", "locationId"),
    CONSTRAINT "InventoryLocationPlan_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InventoryLocationWeight" (
    "shopId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "weight" INTEGER NOT NULL,

    PRIMARY KEY ("shopId", "locationId"),
    CONSTRAINT "InventoryLocationWeight_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "InventoryLocationPlan_shopId_locationId_status_idx" ON "InventoryLocationPlan"("shopId", "locationId", "status");

