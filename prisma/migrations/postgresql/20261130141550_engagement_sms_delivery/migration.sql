-- AlterTable
ALTER TABLE "EngagementSend" ADD COLUMN     "deliveryStatus" TEXT;

-- CreateIndex
CREATE INDEX "EngagementSend_providerMessageId_idx" ON "EngagementSend"("providerMessageId");

