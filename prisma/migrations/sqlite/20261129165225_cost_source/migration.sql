-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ShopSettings" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "reportingTimezone" TEXT,
    "shopifyTimezone" TEXT,
    "theme" TEXT NOT NULL DEFAULT 'light',
    "autoRefresh" BOOLEAN NOT NULL DEFAULT false,
    "dailySummary" BOOLEAN NOT NULL DEFAULT false,
    "weekStartsMonday" BOOLEAN NOT NULL DEFAULT false,
    "costSource" TEXT NOT NULL DEFAULT 'app',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShopSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ShopSettings" ("autoRefresh", "dailySummary", "reportingTimezone", "shopId", "shopifyTimezone", "theme", "updatedAt", "weekStartsMonday") SELECT "autoRefresh", "dailySummary", "reportingTimezone", "shopId", "shopifyTimezone", "theme", "updatedAt", "weekStartsMonday" FROM "ShopSettings";
DROP TABLE "ShopSettings";
ALTER TABLE "new_ShopSettings" RENAME TO "ShopSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

