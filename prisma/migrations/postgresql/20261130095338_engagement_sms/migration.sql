-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "smsMarketing" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "EngagementCampaign" ADD COLUMN     "discountPercent" INTEGER;

-- AlterTable
ALTER TABLE "EngagementSend" ADD COLUMN     "discountCode" TEXT,
ADD COLUMN     "error" TEXT,
ADD COLUMN     "providerMessageId" TEXT,
ADD COLUMN     "shopifyDiscountId" TEXT,
ADD COLUMN     "variantId" TEXT;

-- CreateTable
CREATE TABLE "TwilioConnection" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "accountSid" TEXT NOT NULL,
    "authToken" TEXT NOT NULL,
    "fromNumber" TEXT,
    "messagingServiceSid" TEXT,
    "friendlyName" TEXT,
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TwilioConnection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TwilioConnection_shopId_key" ON "TwilioConnection"("shopId");

-- AddForeignKey
ALTER TABLE "TwilioConnection" ADD CONSTRAINT "TwilioConnection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

