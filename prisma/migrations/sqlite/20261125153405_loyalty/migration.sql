-- CreateTable
CREATE TABLE "LoyaltyProgram" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT 'Loyalty Rewards',
    "autoEnroll" BOOLEAN NOT NULL DEFAULT true,
    "baseRate" REAL NOT NULL DEFAULT 1,
    "expiryMonths" INTEGER,
    "orderRule" TEXT NOT NULL DEFAULT 'paid',
    "tierWindow" TEXT NOT NULL DEFAULT 'lifetime',
    "expectedRedemptionRate" REAL NOT NULL DEFAULT 0.7,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LoyaltyProgram_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoyaltyPointValue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "centiMinor" INTEGER NOT NULL,
    "effectiveFrom" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LoyaltyPointValue_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoyaltyTier" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "minSpend" INTEGER NOT NULL,
    "benefits" TEXT NOT NULL DEFAULT '',
    "multiplier" REAL NOT NULL DEFAULT 1,
    "color" TEXT NOT NULL DEFAULT '#8c6a3f',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LoyaltyTier_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoyaltyCampaign" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT 'multiplier',
    "multiplier" REAL NOT NULL DEFAULT 2,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "tierId" TEXT,
    "stacking" TEXT NOT NULL DEFAULT 'highest',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LoyaltyCampaign_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoyaltyLedgerEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "orderId" TEXT,
    "redemptionId" TEXT,
    "eligibleMinor" INTEGER,
    "orderTotalMinor" INTEGER,
    "note" TEXT,
    "occurredAt" DATETIME NOT NULL,
    "day" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LoyaltyLedgerEntry_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoyaltyRedemption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "valueMinor" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "shopifyDiscountId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'issued',
    "expiresAt" DATETIME NOT NULL,
    "usedOrderId" TEXT,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LoyaltyRedemption_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoyaltyMember" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "balance" INTEGER NOT NULL DEFAULT 0,
    "earned" INTEGER NOT NULL DEFAULT 0,
    "redeemed" INTEGER NOT NULL DEFAULT 0,
    "spendMinor" INTEGER NOT NULL DEFAULT 0,
    "tierId" TEXT,
    "enrolledAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shopId", "customerId"),
    CONSTRAINT "LoyaltyMember_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LoyaltyPointValue_shopId_effectiveFrom_idx" ON "LoyaltyPointValue"("shopId", "effectiveFrom");

-- CreateIndex
CREATE INDEX "LoyaltyTier_shopId_minSpend_idx" ON "LoyaltyTier"("shopId", "minSpend");

-- CreateIndex
CREATE INDEX "LoyaltyCampaign_shopId_startsAt_idx" ON "LoyaltyCampaign"("shopId", "startsAt");

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_customerId_occurredAt_idx" ON "LoyaltyLedgerEntry"("shopId", "customerId", "occurredAt");

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_day_idx" ON "LoyaltyLedgerEntry"("shopId", "day");

-- CreateIndex
CREATE INDEX "LoyaltyLedgerEntry_shopId_orderId_idx" ON "LoyaltyLedgerEntry"("shopId", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "LoyaltyLedgerEntry_shopId_key_key" ON "LoyaltyLedgerEntry"("shopId", "key");

-- CreateIndex
CREATE INDEX "LoyaltyRedemption_shopId_customerId_idx" ON "LoyaltyRedemption"("shopId", "customerId");

-- CreateIndex
CREATE INDEX "LoyaltyRedemption_shopId_status_expiresAt_idx" ON "LoyaltyRedemption"("shopId", "status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "LoyaltyRedemption_shopId_code_key" ON "LoyaltyRedemption"("shopId", "code");

-- CreateIndex
CREATE INDEX "LoyaltyMember_shopId_balance_idx" ON "LoyaltyMember"("shopId", "balance");

