-- AlterTable
ALTER TABLE "Order" ADD COLUMN "shippingCostSource" TEXT;
ALTER TABLE "Order" ADD COLUMN "shippingCountryCode" TEXT;
ALTER TABLE "Order" ADD COLUMN "totalWeightGrams" INTEGER;

-- CreateTable
CREATE TABLE "ShippingRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "scopeKey" TEXT NOT NULL,
    "zoneName" TEXT,
    "countries" TEXT NOT NULL DEFAULT '',
    "basis" TEXT NOT NULL,
    "amountMinor" INTEGER,
    "bands" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShippingRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ShippingRule_shopId_scopeKey_key" ON "ShippingRule"("shopId", "scopeKey");

