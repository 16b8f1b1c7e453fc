-- AlterTable
ALTER TABLE "CustomerModel" ADD COLUMN "summarizedAt" DATETIME;

-- CreateTable
CREATE TABLE "CustomerOrderSummary" (
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

