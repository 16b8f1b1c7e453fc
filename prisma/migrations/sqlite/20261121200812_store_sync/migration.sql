-- AlterTable
ALTER TABLE "Product" ADD COLUMN "deletedAt" DATETIME;
ALTER TABLE "Product" ADD COLUMN "shopifyUpdatedAt" DATETIME;

-- AlterTable
ALTER TABLE "Variant" ADD COLUMN "costUpdatedAt" DATETIME;
ALTER TABLE "Variant" ADD COLUMN "inventoryItemId" TEXT;

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN "deletedAt" DATETIME;
ALTER TABLE "Customer" ADD COLUMN "shopifyUpdatedAt" DATETIME;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "presentmentCurrency" TEXT;
ALTER TABLE "Order" ADD COLUMN "shopifyUpdatedAt" DATETIME;

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN "shopifyId" TEXT;

-- CreateTable
CREATE TABLE "ImportRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT 'install',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "phase" TEXT NOT NULL DEFAULT 'products',
    "bulkOperationId" TEXT,
    "bulkStatus" TEXT,
    "bulkUrl" TEXT,
    "bulkObjectCount" INTEGER NOT NULL DEFAULT 0,
    "linesDone" INTEGER NOT NULL DEFAULT 0,
    "productsCount" INTEGER NOT NULL DEFAULT 0,
    "variantsCount" INTEGER NOT NULL DEFAULT 0,
    "customersCount" INTEGER NOT NULL DEFAULT 0,
    "ordersCount" INTEGER NOT NULL DEFAULT 0,
    "ordersSince" DATETIME,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" DATETIME,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ImportRun_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InventoryLocationLevel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "inventoryItemId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "available" INTEGER NOT NULL,
    "shopifyUpdatedAt" DATETIME,
    CONSTRAINT "InventoryLocationLevel_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ImportRun_shopId_startedAt_idx" ON "ImportRun"("shopId", "startedAt");

-- CreateIndex
CREATE INDEX "ImportRun_status_idx" ON "ImportRun"("status");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryLocationLevel_shopId_inventoryItemId_locationId_key" ON "InventoryLocationLevel"("shopId", "inventoryItemId", "locationId");

-- CreateIndex
CREATE INDEX "Variant_shopId_inventoryItemId_idx" ON "Variant"("shopId", "inventoryItemId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderLine_shopId_shopifyId_key" ON "OrderLine"("shopId", "shopifyId");

