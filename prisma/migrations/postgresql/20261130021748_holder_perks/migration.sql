-- CreateTable
CREATE TABLE "AssetPerk" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "percentOff" DOUBLE PRECISION,
    "amountMinor" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetPerk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PerkCode" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "perkId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "shopifyDiscountId" TEXT,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "redeemedAt" TIMESTAMP(3),
    "redeemedOrderId" TEXT,

    CONSTRAINT "PerkCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AssetPerk_shopId_collectionId_idx" ON "AssetPerk"("shopId", "collectionId");

-- CreateIndex
CREATE INDEX "PerkCode_shopId_redeemedAt_idx" ON "PerkCode"("shopId", "redeemedAt");

-- CreateIndex
CREATE UNIQUE INDEX "PerkCode_perkId_customerId_key" ON "PerkCode"("perkId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "PerkCode_shopId_code_key" ON "PerkCode"("shopId", "code");

-- AddForeignKey
ALTER TABLE "AssetPerk" ADD CONSTRAINT "AssetPerk_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssetPerk" ADD CONSTRAINT "AssetPerk_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "AssetCollection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PerkCode" ADD CONSTRAINT "PerkCode_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PerkCode" ADD CONSTRAINT "PerkCode_perkId_fkey" FOREIGN KEY ("perkId") REFERENCES "AssetPerk"("id") ON DELETE CASCADE ON UPDATE CASCADE;

