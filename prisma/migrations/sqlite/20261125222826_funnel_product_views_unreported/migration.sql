-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FunnelDay" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "visitors" INTEGER NOT NULL,
    "productViews" INTEGER,
    "addToCart" INTEGER NOT NULL,
    "purchases" INTEGER NOT NULL,
    CONSTRAINT "FunnelDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FunnelDay" ("addToCart", "day", "id", "productViews", "purchases", "shopId", "visitors") SELECT "addToCart", "day", "id", "productViews", "purchases", "shopId", "visitors" FROM "FunnelDay";
DROP TABLE "FunnelDay";
ALTER TABLE "new_FunnelDay" RENAME TO "FunnelDay";
CREATE UNIQUE INDEX "FunnelDay_shopId_day_key" ON "FunnelDay"("shopId", "day");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- A connected store's funnel days come only from Shopify's sessions data, which has no
-- product-view count: what was stored there as 0 means "not reported".
UPDATE "FunnelDay" SET "productViews" = NULL WHERE "shopId" IN (SELECT "id" FROM "Shop" WHERE "isDemo" = 0);
