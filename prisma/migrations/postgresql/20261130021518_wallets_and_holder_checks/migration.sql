-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "walletAddress" TEXT,
ADD COLUMN     "walletChainId" INTEGER,
ADD COLUMN     "walletLinkedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "AssetCollection" ADD COLUMN     "contractTokenId" TEXT;

-- CreateTable
CREATE TABLE "SiweNonce" (
    "nonce" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiweNonce_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "HolderCheck" (
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "balance" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HolderCheck_pkey" PRIMARY KEY ("collectionId","customerId")
);

-- CreateIndex
CREATE INDEX "SiweNonce_shopId_expiresAt_idx" ON "SiweNonce"("shopId", "expiresAt");

-- CreateIndex
CREATE INDEX "HolderCheck_shopId_collectionId_idx" ON "HolderCheck"("shopId", "collectionId");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_shopId_walletAddress_key" ON "Customer"("shopId", "walletAddress");

-- AddForeignKey
ALTER TABLE "SiweNonce" ADD CONSTRAINT "SiweNonce_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HolderCheck" ADD CONSTRAINT "HolderCheck_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

