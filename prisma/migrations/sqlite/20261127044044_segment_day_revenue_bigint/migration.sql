-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CustomerSegmentDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "customers" INTEGER NOT NULL,
    "revenueMinor" BIGINT NOT NULL,

    PRIMARY KEY ("shopId", "day", "segment"),
    CONSTRAINT "CustomerSegmentDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CustomerSegmentDay" ("customers", "day", "revenueMinor", "segment", "shopId") SELECT "customers", "day", "revenueMinor", "segment", "shopId" FROM "CustomerSegmentDay";
DROP TABLE "CustomerSegmentDay";
ALTER TABLE "new_CustomerSegmentDay" RENAME TO "CustomerSegmentDay";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

