-- AlterTable
ALTER TABLE "Order" ADD COLUMN "gateways" TEXT;
ALTER TABLE "Order" ADD COLUMN "paymentFeeSource" TEXT;

-- CreateTable
CREATE TABLE "PaymentFeeRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "gateway" TEXT NOT NULL,
    "rateBps" INTEGER NOT NULL,
    "fixedMinor" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PaymentFeeRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PendingFeeRead" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "orderShopifyId" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PendingFeeRead_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentFeeRule_shopId_gateway_key" ON "PaymentFeeRule"("shopId", "gateway");

-- CreateIndex
CREATE UNIQUE INDEX "PendingFeeRead_shopId_orderShopifyId_key" ON "PendingFeeRead"("shopId", "orderShopifyId");

