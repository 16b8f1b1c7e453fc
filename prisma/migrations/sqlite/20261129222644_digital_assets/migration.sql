-- CreateTable
CREATE TABLE "AssetCollection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "supply" INTEGER NOT NULL,
    "imageUrl" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "issued" INTEGER NOT NULL DEFAULT 0,
    "ruleKind" TEXT,
    "ruleTierId" TEXT,
    "ruleProductId" TEXT,
    "chainNetwork" TEXT,
    "contractStandard" TEXT,
    "contractAddress" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AssetCollection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AssetItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "serial" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "issuedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AssetItem_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AssetItem_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "AssetCollection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChainSetting" (
    "shopId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "rpcUrl" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shopId", "network"),
    CONSTRAINT "ChainSetting_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AssetCollection_shopId_createdAt_idx" ON "AssetCollection"("shopId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AssetItem_token_key" ON "AssetItem"("token");

-- CreateIndex
CREATE INDEX "AssetItem_shopId_issuedAt_idx" ON "AssetItem"("shopId", "issuedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AssetItem_collectionId_customerId_key" ON "AssetItem"("collectionId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "AssetItem_collectionId_serial_key" ON "AssetItem"("collectionId", "serial");

