-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "shopifyUpdatedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Variant" ADD COLUMN     "costUpdatedAt" TIMESTAMP(3),
ADD COLUMN     "inventoryItemId" TEXT;

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "shopifyUpdatedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "presentmentCurrency" TEXT,
ADD COLUMN     "shopifyUpdatedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "shopifyId" TEXT;

-- CreateTable
CREATE TABLE "ImportRun" (
    "id" TEXT NOT NULL,
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
    "ordersSince" TIMESTAMP(3),
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InventoryLocationLevel" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "inventoryItemId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "available" INTEGER NOT NULL,
    "shopifyUpdatedAt" TIMESTAMP(3),

    CONSTRAINT "InventoryLocationLevel_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ImportRun" ADD CONSTRAINT "ImportRun_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryLocationLevel" ADD CONSTRAINT "InventoryLocationLevel_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

