-- AlterTable
ALTER TABLE "EngagementCampaign" ADD COLUMN     "delayHours" INTEGER,
ADD COLUMN     "discountCode" TEXT;

-- AlterTable
ALTER TABLE "EngagementSend" ADD COLUMN     "checkoutId" TEXT;

-- CreateTable
CREATE TABLE "AbandonedCheckout" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "shopifyId" TEXT NOT NULL,
    "customerId" TEXT,
    "recoveryUrl" TEXT,
    "totalMinor" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL,
    "abandonedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AbandonedCheckout_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AbandonedCheckout_shopId_completedAt_abandonedAt_idx" ON "AbandonedCheckout"("shopId", "completedAt", "abandonedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AbandonedCheckout_shopId_shopifyId_key" ON "AbandonedCheckout"("shopId", "shopifyId");

-- AddForeignKey
ALTER TABLE "AbandonedCheckout" ADD CONSTRAINT "AbandonedCheckout_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
