-- CreateTable
CREATE TABLE "ProductMonthlyRollup" (
    "shopId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,
    "revenueMinor" INTEGER NOT NULL DEFAULT 0,
    "uncostedUnits" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopId", "month", "productId"),
    CONSTRAINT "ProductMonthlyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


-- Backfill from the daily product rollups already stored.
INSERT INTO "ProductMonthlyRollup" ("shopId", "month", "productId", "units", "revenueMinor", "uncostedUnits")
SELECT "shopId", SUBSTR("day", 1, 7), "productId", SUM("units"), SUM("revenueMinor"), SUM("uncostedUnits")
FROM "ProductDailyRollup"
GROUP BY "shopId", SUBSTR("day", 1, 7), "productId";
