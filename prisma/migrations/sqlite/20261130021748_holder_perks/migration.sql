-- CreateTable
CREATE TABLE "AssetPerk" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "percentOff" REAL,
    "amountMinor" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AssetPerk_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AssetPerk_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "AssetCollection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PerkCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "perkId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "shopifyDiscountId" TEXT,
    "issuedAt" DATETIME NOT NULL,
    "redeemedAt" DATETIME,
    "redeemedOrderId" TEXT,
    CONSTRAINT "PerkCode_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PerkCode_perkId_fkey" FOREIGN KEY ("perkId") REFERENCES "AssetPerk" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AssetPerk_shopId_collectionId_idx" ON "AssetPerk"("shopId", "collectionId");

-- CreateIndex
CREATE INDEX "PerkCode_shopId_redeemedAt_idx" ON "PerkCode"("shopId", "redeemedAt");

-- CreateIndex
CREATE UNIQUE INDEX "PerkCode_perkId_customerId_key" ON "PerkCode"("perkId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "PerkCode_shopId_code_key" ON "PerkCode"("shopId", "code");

