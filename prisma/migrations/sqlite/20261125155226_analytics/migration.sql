-- CreateTable
CREATE TABLE "AnalyticsSync" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "lastDay" TEXT,
    "syncedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AnalyticsSync_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

