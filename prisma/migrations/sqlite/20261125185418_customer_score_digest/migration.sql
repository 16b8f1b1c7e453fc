-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CustomerScore" (
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
    "taggedSegment" TEXT,
    "digest" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("shopId", "customerId"),
    CONSTRAINT "CustomerScore_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomerScore_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CustomerScore" ("churnRisk", "computedAt", "customerId", "expectedNextOrderAt", "f", "firstOrderAt", "frequency", "lastOrderAt", "ltvMethod", "m", "medianGapDays", "monetaryMinor", "orders", "pNoPurchase90", "predicted12mMinor", "previousSegment", "r", "recencyDays", "rule", "searchText", "segment", "segmentChangedAt", "shopId", "sortName", "taggedSegment", "totalSpentMinor") SELECT "churnRisk", "computedAt", "customerId", "expectedNextOrderAt", "f", "firstOrderAt", "frequency", "lastOrderAt", "ltvMethod", "m", "medianGapDays", "monetaryMinor", "orders", "pNoPurchase90", "predicted12mMinor", "previousSegment", "r", "recencyDays", "rule", "searchText", "segment", "segmentChangedAt", "shopId", "sortName", "taggedSegment", "totalSpentMinor" FROM "CustomerScore";
DROP TABLE "CustomerScore";
ALTER TABLE "new_CustomerScore" RENAME TO "CustomerScore";
CREATE UNIQUE INDEX "CustomerScore_customerId_key" ON "CustomerScore"("customerId");
CREATE INDEX "CustomerScore_shopId_segment_totalSpentMinor_idx" ON "CustomerScore"("shopId", "segment", "totalSpentMinor");
CREATE INDEX "CustomerScore_shopId_totalSpentMinor_idx" ON "CustomerScore"("shopId", "totalSpentMinor");
CREATE INDEX "CustomerScore_shopId_lastOrderAt_idx" ON "CustomerScore"("shopId", "lastOrderAt");
CREATE INDEX "CustomerScore_shopId_orders_idx" ON "CustomerScore"("shopId", "orders");
CREATE INDEX "CustomerScore_shopId_sortName_idx" ON "CustomerScore"("shopId", "sortName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

