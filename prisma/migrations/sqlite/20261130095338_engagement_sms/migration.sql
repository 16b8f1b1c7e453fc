-- AlterTable
ALTER TABLE "EngagementCampaign" ADD COLUMN "discountPercent" INTEGER;

-- AlterTable
ALTER TABLE "EngagementSend" ADD COLUMN "discountCode" TEXT;
ALTER TABLE "EngagementSend" ADD COLUMN "error" TEXT;
ALTER TABLE "EngagementSend" ADD COLUMN "providerMessageId" TEXT;
ALTER TABLE "EngagementSend" ADD COLUMN "shopifyDiscountId" TEXT;
ALTER TABLE "EngagementSend" ADD COLUMN "variantId" TEXT;

-- CreateTable
CREATE TABLE "TwilioConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "accountSid" TEXT NOT NULL,
    "authToken" TEXT NOT NULL,
    "fromNumber" TEXT,
    "messagingServiceSid" TEXT,
    "friendlyName" TEXT,
    "connectedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "TwilioConnection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (a column added in place: no rebuild of a large table)
ALTER TABLE "Customer" ADD COLUMN "smsMarketing" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "TwilioConnection_shopId_key" ON "TwilioConnection"("shopId");

