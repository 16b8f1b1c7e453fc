-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "gateways" TEXT,
ADD COLUMN     "paymentFeeSource" TEXT;

-- CreateTable
CREATE TABLE "PaymentFeeRule" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "gateway" TEXT NOT NULL,
    "rateBps" INTEGER NOT NULL,
    "fixedMinor" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentFeeRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PendingFeeRead" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "orderShopifyId" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingFeeRead_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentFeeRule_shopId_gateway_key" ON "PaymentFeeRule"("shopId", "gateway");

-- CreateIndex
CREATE UNIQUE INDEX "PendingFeeRead_shopId_orderShopifyId_key" ON "PendingFeeRead"("shopId", "orderShopifyId");

-- AddForeignKey
ALTER TABLE "PaymentFeeRule" ADD CONSTRAINT "PaymentFeeRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PendingFeeRead" ADD CONSTRAINT "PendingFeeRead_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

