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

-- CreateIndex
CREATE UNIQUE INDEX "PaymentFeeRule_shopId_gateway_key" ON "PaymentFeeRule"("shopId", "gateway");

-- AddForeignKey
ALTER TABLE "PaymentFeeRule" ADD CONSTRAINT "PaymentFeeRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

