-- CreateTable
CREATE TABLE "AdConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'connected',
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT,
    "accessExpiresAt" DATETIME,
    "replay" BOOLEAN NOT NULL DEFAULT false,
    "connectedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSyncAt" DATETIME,
    "syncedThrough" TEXT,
    "rateNote" TEXT,
    "lastErrorAt" DATETIME,
    "lastError" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AdConnection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AdAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "selected" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "AdAccount_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AdOAuthState" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AdOAuthState_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AdCampaignDay" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "campaignName" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "spendMicros" BIGINT NOT NULL,
    "rate" REAL NOT NULL DEFAULT 1,
    "rateDay" TEXT,
    "spendShopMinor" INTEGER NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "conversions" REAL NOT NULL DEFAULT 0,
    "conversionValue" REAL NOT NULL DEFAULT 0,
    CONSTRAINT "AdCampaignDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FxRate" (
    "day" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "perEur" REAL NOT NULL,

    PRIMARY KEY ("currency", "day")
);

-- CreateIndex
CREATE UNIQUE INDEX "AdConnection_shopId_platform_key" ON "AdConnection"("shopId", "platform");

-- CreateIndex
CREATE UNIQUE INDEX "AdAccount_shopId_platform_accountId_key" ON "AdAccount"("shopId", "platform", "accountId");

-- CreateIndex
CREATE INDEX "AdOAuthState_expiresAt_idx" ON "AdOAuthState"("expiresAt");

-- CreateIndex
CREATE INDEX "AdCampaignDay_shopId_day_idx" ON "AdCampaignDay"("shopId", "day");

-- CreateIndex
CREATE UNIQUE INDEX "AdCampaignDay_shopId_platform_accountId_campaignId_day_key" ON "AdCampaignDay"("shopId", "platform", "accountId", "campaignId", "day");

