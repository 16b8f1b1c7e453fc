-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CustomerSegmentSettings" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "vipMinScore" INTEGER NOT NULL DEFAULT 5,
    "newWithinDays" INTEGER NOT NULL DEFAULT 30,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomerSegmentSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CustomerSegmentSettings" ("newWithinDays", "shopId", "updatedAt", "vipMinScore") SELECT "newWithinDays", "shopId", "updatedAt", "vipMinScore" FROM "CustomerSegmentSettings";
DROP TABLE "CustomerSegmentSettings";
ALTER TABLE "new_CustomerSegmentSettings" RENAME TO "CustomerSegmentSettings";
CREATE TABLE "new_CustomerOrderSummary" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "orders" INTEGER NOT NULL,
    "netMinor" INTEGER NOT NULL,
    "firstOrderMs" REAL NOT NULL,
    "lastOrderMs" REAL NOT NULL,
    "orderDays" INTEGER NOT NULL,
    "medianGapDays" INTEGER,
    "medianGapMs" REAL,
    "windowAtMs" REAL NOT NULL,
    "windowOrders" INTEGER NOT NULL,
    "windowNetMinor" INTEGER NOT NULL,
    "windowEdgeMs" REAL,

    PRIMARY KEY ("shopId", "customerId"),
    CONSTRAINT "CustomerOrderSummary_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomerOrderSummary_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CustomerOrderSummary" ("customerId", "firstOrderMs", "lastOrderMs", "medianGapDays", "medianGapMs", "netMinor", "orderDays", "orders", "shopId", "windowAtMs", "windowEdgeMs", "windowNetMinor", "windowOrders") SELECT "customerId", "firstOrderMs", "lastOrderMs", "medianGapDays", "medianGapMs", "netMinor", "orderDays", "orders", "shopId", "windowAtMs", "windowEdgeMs", "windowNetMinor", "windowOrders" FROM "CustomerOrderSummary";
DROP TABLE "CustomerOrderSummary";
ALTER TABLE "new_CustomerOrderSummary" RENAME TO "CustomerOrderSummary";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

