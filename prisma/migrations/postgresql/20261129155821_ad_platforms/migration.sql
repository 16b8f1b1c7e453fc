-- CreateTable
CREATE TABLE "AdConnection" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'connected',
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT,
    "accessExpiresAt" TIMESTAMP(3),
    "replay" BOOLEAN NOT NULL DEFAULT false,
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSyncAt" TIMESTAMP(3),
    "syncedThrough" TEXT,
    "rateNote" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AdConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdAccount" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "selected" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "AdAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdOAuthState" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdOAuthState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdCampaignDay" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "campaignName" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "spendMicros" BIGINT NOT NULL,
    "rate" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "rateDay" TEXT,
    "spendShopMinor" INTEGER NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "conversions" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "conversionValue" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "AdCampaignDay_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FxRate" (
    "day" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "perEur" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "FxRate_pkey" PRIMARY KEY ("currency","day")
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

-- AddForeignKey
ALTER TABLE "AdConnection" ADD CONSTRAINT "AdConnection_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdAccount" ADD CONSTRAINT "AdAccount_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdOAuthState" ADD CONSTRAINT "AdOAuthState_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdCampaignDay" ADD CONSTRAINT "AdCampaignDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

