-- CreateTable
CREATE TABLE "InventoryLocationPlan" (
    "variantId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "available" INTEGER NOT NULL,
    "share" DOUBLE PRECISION NOT NULL,
    "velocity" DOUBLE PRECISION NOT NULL,
    "reorderPoint" INTEGER NOT NULL,
    "daysOfCover" DOUBLE PRECISION,
    "stockOutDay" TEXT,
    "status" TEXT NOT NULL,
    "stockBar" INTEGER NOT NULL,
    "lostRevenuePerDayMinor" INTEGER NOT NULL,
    "needsReorder" BOOLEAN NOT NULL,

    CONSTRAINT "InventoryLocationPlan_pkey" PRIMARY KEY ("variantId","locationId")
);

-- CreateTable
CREATE TABLE "InventoryLocationWeight" (
    "shopId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "weight" INTEGER NOT NULL,

    CONSTRAINT "InventoryLocationWeight_pkey" PRIMARY KEY ("shopId","locationId")
);

-- CreateIndex
CREATE INDEX "InventoryLocationPlan_shopId_locationId_status_idx" ON "InventoryLocationPlan"("shopId", "locationId", "status");

-- AddForeignKey
ALTER TABLE "InventoryLocationPlan" ADD CONSTRAINT "InventoryLocationPlan_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryLocationWeight" ADD CONSTRAINT "InventoryLocationWeight_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

