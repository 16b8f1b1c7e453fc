-- CreateTable
CREATE TABLE "CustomerScore" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "sortName" TEXT NOT NULL,
    "orders" INTEGER NOT NULL,
    "totalSpentMinor" INTEGER NOT NULL,
    "lastOrderAt" TIMESTAMP(3),
    "firstOrderAt" TIMESTAMP(3),
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
    "segmentChangedAt" TIMESTAMP(3),
    "ltvMethod" TEXT,
    "predicted12mMinor" INTEGER,
    "pNoPurchase90" DOUBLE PRECISION,
    "churnRisk" TEXT,
    "expectedNextOrderAt" TIMESTAMP(3),
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerScore_pkey" PRIMARY KEY ("shopId","customerId")
);

-- CreateTable
CREATE TABLE "CustomerSegmentChange" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "fromSegment" TEXT,
    "toSegment" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerSegmentChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerSegmentDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "customers" INTEGER NOT NULL,
    "revenueMinor" INTEGER NOT NULL,

    CONSTRAINT "CustomerSegmentDay_pkey" PRIMARY KEY ("shopId","day","segment")
);

-- CreateTable
CREATE TABLE "CustomerSegmentSettings" (
    "shopId" TEXT NOT NULL,
    "vipMinScore" INTEGER NOT NULL DEFAULT 5,
    "newWithinDays" INTEGER NOT NULL DEFAULT 30,
    "atRiskMinMonetaryScore" INTEGER NOT NULL DEFAULT 4,
    "atRiskGapMultiplier" DOUBLE PRECISION NOT NULL DEFAULT 2,
    "atRiskMaxRecencyScore" INTEGER NOT NULL DEFAULT 2,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerSegmentSettings_pkey" PRIMARY KEY ("shopId")
);

-- CreateTable
CREATE TABLE "CustomerModel" (
    "shopId" TEXT NOT NULL,
    "bands" INTEGER NOT NULL,
    "customers" INTEGER NOT NULL,
    "cutPoints" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,
    "fittedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerModel_pkey" PRIMARY KEY ("shopId")
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

-- AddForeignKey
ALTER TABLE "CustomerScore" ADD CONSTRAINT "CustomerScore_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerScore" ADD CONSTRAINT "CustomerScore_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerSegmentChange" ADD CONSTRAINT "CustomerSegmentChange_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerSegmentChange" ADD CONSTRAINT "CustomerSegmentChange_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerSegmentDay" ADD CONSTRAINT "CustomerSegmentDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerSegmentSettings" ADD CONSTRAINT "CustomerSegmentSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerModel" ADD CONSTRAINT "CustomerModel_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

