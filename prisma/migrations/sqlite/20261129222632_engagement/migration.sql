-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN "headers" TEXT;

-- CreateTable
CREATE TABLE "EngagementCampaign" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "channel" TEXT NOT NULL DEFAULT 'email',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "audience" TEXT NOT NULL,
    "segment" TEXT,
    "scheduledAt" DATETIME,
    "delayDays" INTEGER,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "holdoutPercent" INTEGER NOT NULL DEFAULT 10,
    "frequencyCapHours" INTEGER NOT NULL DEFAULT 16,
    "quietStartHour" INTEGER NOT NULL DEFAULT 21,
    "quietEndHour" INTEGER NOT NULL DEFAULT 8,
    "attributionDays" INTEGER NOT NULL DEFAULT 5,
    "activatedAt" DATETIME,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EngagementCampaign_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EngagementSend" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "sendKey" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "eventAt" DATETIME NOT NULL,
    "dueAt" DATETIME NOT NULL,
    "segment" TEXT NOT NULL,
    "holdout" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "skipReason" TEXT,
    "outboxMessageId" TEXT,
    "sentAt" DATETIME,
    "openedAt" DATETIME,
    "clickedAt" DATETIME,
    "convertedAt" DATETIME,
    "revenueMinor" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EngagementSend_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EngagementSend_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "EngagementCampaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

