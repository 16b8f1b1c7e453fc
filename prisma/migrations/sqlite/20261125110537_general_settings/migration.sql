-- CreateTable
CREATE TABLE "ShopSettings" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "reportingTimezone" TEXT,
    "shopifyTimezone" TEXT,
    "theme" TEXT NOT NULL DEFAULT 'light',
    "autoRefresh" BOOLEAN NOT NULL DEFAULT false,
    "dailySummary" BOOLEAN NOT NULL DEFAULT false,
    "weekStartsMonday" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShopSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

