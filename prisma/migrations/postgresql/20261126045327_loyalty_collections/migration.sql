-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "lines" TEXT;

-- AlterTable
ALTER TABLE "LoyaltyCampaign" ADD COLUMN     "collectionId" TEXT;

-- AlterTable
ALTER TABLE "LoyaltyLedgerEntry" ADD COLUMN     "lines" TEXT;

-- CreateTable
CREATE TABLE "Collection" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "shopifyId" TEXT,
    "title" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "smart" BOOLEAN NOT NULL DEFAULT false,
    "shopifyUpdatedAt" TIMESTAMP(3),
    "productsStaleAt" TIMESTAMP(3),
    "productsReadAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Collection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionProduct" (
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,

    CONSTRAINT "CollectionProduct_pkey" PRIMARY KEY ("collectionId","productId")
);

-- CreateIndex
CREATE INDEX "Collection_shopId_title_idx" ON "Collection"("shopId", "title");

-- CreateIndex
CREATE UNIQUE INDEX "Collection_shopId_shopifyId_key" ON "Collection"("shopId", "shopifyId");

-- CreateIndex
CREATE INDEX "CollectionProduct_shopId_productId_idx" ON "CollectionProduct"("shopId", "productId");

-- AddForeignKey
ALTER TABLE "Collection" ADD CONSTRAINT "Collection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionProduct" ADD CONSTRAINT "CollectionProduct_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionProduct" ADD CONSTRAINT "CollectionProduct_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionProduct" ADD CONSTRAINT "CollectionProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

