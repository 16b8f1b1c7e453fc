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

-- CreateIndex
CREATE UNIQUE INDEX "PaymentFeeRule_shopId_gateway_key" ON "PaymentFeeRule"("shopId", "gateway");

