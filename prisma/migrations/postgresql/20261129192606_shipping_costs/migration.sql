-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "shippingCostSource" TEXT,
ADD COLUMN     "shippingCountryCode" TEXT,
ADD COLUMN     "totalWeightGrams" INTEGER;

-- CreateTable
CREATE TABLE "ShippingRule" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "scopeKey" TEXT NOT NULL,
    "zoneName" TEXT,
    "countries" TEXT NOT NULL DEFAULT '',
    "basis" TEXT NOT NULL,
    "amountMinor" INTEGER,
    "bands" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShippingRule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShippingRule_shopId_scopeKey_key" ON "ShippingRule"("shopId", "scopeKey");

-- AddForeignKey
ALTER TABLE "ShippingRule" ADD CONSTRAINT "ShippingRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

