-- AlterTable
ALTER TABLE "Customer" ADD COLUMN "walletAddress" TEXT;
ALTER TABLE "Customer" ADD COLUMN "walletChainId" INTEGER;
ALTER TABLE "Customer" ADD COLUMN "walletLinkedAt" DATETIME;

-- AlterTable
ALTER TABLE "AssetCollection" ADD COLUMN "contractTokenId" TEXT;

-- CreateTable
CREATE TABLE "SiweNonce" (
    "nonce" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SiweNonce_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HolderCheck" (
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "balance" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL,

    PRIMARY KEY ("collectionId", "customerId"),
    CONSTRAINT "HolderCheck_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SiweNonce_shopId_expiresAt_idx" ON "SiweNonce"("shopId", "expiresAt");

-- CreateIndex
CREATE INDEX "HolderCheck_shopId_collectionId_idx" ON "HolderCheck"("shopId", "collectionId");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_shopId_walletAddress_key" ON "Customer"("shopId", "walletAddress");

