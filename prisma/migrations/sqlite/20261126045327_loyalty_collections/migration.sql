-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "lines" TEXT;

-- AlterTable
ALTER TABLE "LoyaltyCampaign" ADD COLUMN "collectionId" TEXT;

-- AlterTable
ALTER TABLE "LoyaltyLedgerEntry" ADD COLUMN "lines" TEXT;

-- CreateTable
CREATE TABLE "Collection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "shopifyId" TEXT,
    "title" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "smart" BOOLEAN NOT NULL DEFAULT false,
    "shopifyUpdatedAt" DATETIME,
    "productsStaleAt" DATETIME,
    "productsReadAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Collection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CollectionProduct" (
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,

    PRIMARY KEY ("collectionId", "productId"),
    CONSTRAINT "CollectionProduct_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CollectionProduct_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CollectionProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Collection_shopId_title_idx" ON "Collection"("shopId", "title");

-- CreateIndex
CREATE UNIQUE INDEX "Collection_shopId_shopifyId_key" ON "Collection"("shopId", "shopifyId");

-- CreateIndex
CREATE INDEX "CollectionProduct_shopId_productId_idx" ON "CollectionProduct"("shopId", "productId");

