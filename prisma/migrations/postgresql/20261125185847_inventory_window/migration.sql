-- AlterTable
ALTER TABLE "InventoryPlan" ADD COLUMN     "windowDays" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "InventorySettings" (
    "shopId" TEXT NOT NULL,
    "windowDays" INTEGER NOT NULL DEFAULT 30,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InventorySettings_pkey" PRIMARY KEY ("shopId")
);

-- AddForeignKey
ALTER TABLE "InventorySettings" ADD CONSTRAINT "InventorySettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

