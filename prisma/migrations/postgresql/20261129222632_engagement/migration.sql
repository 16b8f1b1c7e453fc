-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "headers" TEXT;

-- CreateTable
CREATE TABLE "EngagementCampaign" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "channel" TEXT NOT NULL DEFAULT 'email',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "audience" TEXT NOT NULL,
    "segment" TEXT,
    "scheduledAt" TIMESTAMP(3),
    "delayDays" INTEGER,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "holdoutPercent" INTEGER NOT NULL DEFAULT 10,
    "frequencyCapHours" INTEGER NOT NULL DEFAULT 16,
    "quietStartHour" INTEGER NOT NULL DEFAULT 21,
    "quietEndHour" INTEGER NOT NULL DEFAULT 8,
    "attributionDays" INTEGER NOT NULL DEFAULT 5,
    "activatedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EngagementCampaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EngagementSend" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "sendKey" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "eventAt" TIMESTAMP(3) NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "segment" TEXT NOT NULL,
    "holdout" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "skipReason" TEXT,
    "outboxMessageId" TEXT,
    "sentAt" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "clickedAt" TIMESTAMP(3),
    "convertedAt" TIMESTAMP(3),
    "revenueMinor" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EngagementSend_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EngagementCampaign_shopId_status_idx" ON "EngagementCampaign"("shopId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "EngagementSend_token_key" ON "EngagementSend"("token");

-- CreateIndex
CREATE INDEX "EngagementSend_shopId_status_dueAt_idx" ON "EngagementSend"("shopId", "status", "dueAt");

-- CreateIndex
CREATE INDEX "EngagementSend_shopId_customerId_sentAt_idx" ON "EngagementSend"("shopId", "customerId", "sentAt");

-- CreateIndex
CREATE UNIQUE INDEX "EngagementSend_campaignId_sendKey_key" ON "EngagementSend"("campaignId", "sendKey");

-- AddForeignKey
ALTER TABLE "EngagementCampaign" ADD CONSTRAINT "EngagementCampaign_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EngagementSend" ADD CONSTRAINT "EngagementSend_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EngagementSend" ADD CONSTRAINT "EngagementSend_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "EngagementCampaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

