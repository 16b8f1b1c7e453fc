-- CreateTable
CREATE TABLE "Supplier" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "leadTimeDays" INTEGER NOT NULL DEFAULT 14,
    "minOrderQty" INTEGER NOT NULL DEFAULT 1,
    "casePack" INTEGER NOT NULL DEFAULT 1,
    "currency" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Supplier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductSupplier" (
    "productId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "supplierId" TEXT NOT NULL,

    CONSTRAINT "ProductSupplier_pkey" PRIMARY KEY ("productId")
);

-- CreateTable
CREATE TABLE "VariantPlanning" (
    "variantId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "supplierId" TEXT,
    "leadTimeDays" INTEGER,
    "serviceLevel" DOUBLE PRECISION,
    "daysOfStock" INTEGER,
    "reorderPointOverride" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VariantPlanning_pkey" PRIMARY KEY ("variantId")
);

-- CreateTable
CREATE TABLE "InventoryPlan" (
    "variantId" TEXT NOT NULL,
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
    "serviceLevel" DOUBLE PRECISION NOT NULL,
    "daysOfStock" INTEGER NOT NULL,
    "minOrderQty" INTEGER NOT NULL,
    "casePack" INTEGER NOT NULL,
    "reorderPointOverride" INTEGER,
    "velocity" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "inStockDays" INTEGER NOT NULL,
    "unitsInWindow" INTEGER NOT NULL,
    "safetyStock" DOUBLE PRECISION NOT NULL,
    "reorderPoint" INTEGER NOT NULL,
    "computedReorderPoint" INTEGER NOT NULL,
    "daysOfCover" DOUBLE PRECISION,
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
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InventoryPlan_pkey" PRIMARY KEY ("variantId")
);

-- CreateTable
CREATE TABLE "StockoutPeriod" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "StockoutPeriod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockAlert" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "openedAt" TIMESTAMP(3) NOT NULL,
    "closedAt" TIMESTAMP(3),
    "snoozedUntil" TIMESTAMP(3),

    CONSTRAINT "StockAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrder" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "supplierId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "currency" TEXT NOT NULL,
    "note" TEXT,
    "orderedAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PurchaseOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderLine" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "purchaseOrderId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "receivedQty" INTEGER NOT NULL DEFAULT 0,
    "unitCostMinor" INTEGER,

    CONSTRAINT "PurchaseOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderReceipt" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "purchaseOrderId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PurchaseOrderReceipt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Supplier_shopId_idx" ON "Supplier"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "Supplier_shopId_name_key" ON "Supplier"("shopId", "name");

-- CreateIndex
CREATE INDEX "ProductSupplier_shopId_supplierId_idx" ON "ProductSupplier"("shopId", "supplierId");

-- CreateIndex
CREATE INDEX "VariantPlanning_shopId_supplierId_idx" ON "VariantPlanning"("shopId", "supplierId");

-- CreateIndex
CREATE INDEX "InventoryPlan_shopId_lostRevenuePerDayMinor_idx" ON "InventoryPlan"("shopId", "lostRevenuePerDayMinor");

-- CreateIndex
CREATE INDEX "InventoryPlan_shopId_status_idx" ON "InventoryPlan"("shopId", "status");

-- CreateIndex
CREATE INDEX "InventoryPlan_shopId_category_idx" ON "InventoryPlan"("shopId", "category");

-- CreateIndex
CREATE INDEX "StockoutPeriod_shopId_variantId_idx" ON "StockoutPeriod"("shopId", "variantId");

-- CreateIndex
CREATE INDEX "StockAlert_shopId_closedAt_idx" ON "StockAlert"("shopId", "closedAt");

-- CreateIndex
CREATE INDEX "StockAlert_shopId_variantId_idx" ON "StockAlert"("shopId", "variantId");

-- CreateIndex
CREATE INDEX "PurchaseOrder_shopId_status_idx" ON "PurchaseOrder"("shopId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_shopId_number_key" ON "PurchaseOrder"("shopId", "number");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_shopId_variantId_idx" ON "PurchaseOrderLine"("shopId", "variantId");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_purchaseOrderId_idx" ON "PurchaseOrderLine"("purchaseOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrderReceipt_shopId_key_key" ON "PurchaseOrderReceipt"("shopId", "key");

-- CreateIndex
CREATE INDEX "OrderLine_shopId_day_variantId_quantity_idx" ON "OrderLine"("shopId", "day", "variantId", "quantity");

-- AddForeignKey
ALTER TABLE "Supplier" ADD CONSTRAINT "Supplier_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductSupplier" ADD CONSTRAINT "ProductSupplier_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VariantPlanning" ADD CONSTRAINT "VariantPlanning_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryPlan" ADD CONSTRAINT "InventoryPlan_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockoutPeriod" ADD CONSTRAINT "StockoutPeriod_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockAlert" ADD CONSTRAINT "StockAlert_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_purchaseOrderId_fkey" FOREIGN KEY ("purchaseOrderId") REFERENCES "PurchaseOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderReceipt" ADD CONSTRAINT "PurchaseOrderReceipt_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

