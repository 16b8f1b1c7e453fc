-- CreateTable
CREATE TABLE "CustomerScore" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "sortName" TEXT NOT NULL,
    "orders" INTEGER NOT NULL,
    "totalSpentMinor" INTEGER NOT NULL,
    "lastOrderAt" DATETIME,
    "firstOrderAt" DATETIME,
    "recencyDays" INTEGER,
    "frequency" INTEGER NOT NULL,
    "monetaryMinor" INTEGER NOT NULL,
    "medianGapDays" INTEGER,
    "r" INTEGER,
    "f" INTEGER,
    "m" INTEGER,
    "segment" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "previousSegment" TEXT,
    "segmentChangedAt" DATETIME,
    "ltvMethod" TEXT,
    "predicted12mMinor" INTEGER,
    "pNoPurchase90" REAL,
    "churnRisk" TEXT,
    "expectedNextOrderAt" DATETIME,
    "computedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shopId", "customerId"),
    CONSTRAINT "CustomerScore_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomerScore_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerSegmentChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "fromSegment" TEXT,
    "toSegment" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "changedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomerSegmentChange_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomerSegmentChange_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerSegmentDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "customers" INTEGER NOT NULL,
    "revenueMinor" INTEGER NOT NULL,

    PRIMARY KEY ("shopId", "day", "segment"),
    CONSTRAINT "CustomerSegmentDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerSegmentSettings" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "vipMinScore" INTEGER NOT NULL DEFAULT 5,
    "newWithinDays" INTEGER NOT NULL DEFAULT 30,
    "atRiskMinMonetaryScore" INTEGER NOT NULL DEFAULT 4,
    "atRiskGapMultiplier" REAL NOT NULL DEFAULT 2,
    "atRiskMaxRecencyScore" INTEGER NOT NULL DEFAULT 2,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomerSegmentSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerModel" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "bands" INTEGER NOT NULL,
    "customers" INTEGER NOT NULL,
    "cutPoints" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "computedAt" DATETIME NOT NULL,
    "fittedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomerModel_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomerScore_customerId_key" ON "CustomerScore"("customerId");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_segment_totalSpentMinor_idx" ON "CustomerScore"("shopId", "segment", "totalSpentMinor");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_totalSpentMinor_idx" ON "CustomerScore"("shopId", "totalSpentMinor");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_lastOrderAt_idx" ON "CustomerScore"("shopId", "lastOrderAt");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_orders_idx" ON "CustomerScore"("shopId", "orders");

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_sortName_idx" ON "CustomerScore"("shopId", "sortName");

-- CreateIndex
CREATE INDEX "CustomerSegmentChange_shopId_changedAt_idx" ON "CustomerSegmentChange"("shopId", "changedAt");

-- CreateIndex
CREATE INDEX "CustomerSegmentChange_customerId_changedAt_idx" ON "CustomerSegmentChange"("customerId", "changedAt");

