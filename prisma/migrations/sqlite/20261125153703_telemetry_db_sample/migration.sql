-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_RequestSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "serverMs" REAL NOT NULL,
    "dbMs" REAL,
    "dbQueries" INTEGER,
    "staffKey" TEXT,
    CONSTRAINT "RequestSample_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_RequestSample" ("at", "dbMs", "dbQueries", "id", "kind", "serverMs", "shopId", "staffKey", "status") SELECT "at", "dbMs", "dbQueries", "id", "kind", "serverMs", "shopId", "staffKey", "status" FROM "RequestSample";
DROP TABLE "RequestSample";
ALTER TABLE "new_RequestSample" RENAME TO "RequestSample";
CREATE INDEX "RequestSample_shopId_at_idx" ON "RequestSample"("shopId", "at");
CREATE TABLE "new_PerformanceDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "requests" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,
    "serverMsSum" REAL NOT NULL,
    "serverMedianMs" REAL,
    "serverP95Ms" REAL,
    "dbMsSum" REAL NOT NULL,
    "dbRequests" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL,
    "lcpP75" REAL,
    "inpP75" REAL,
    "clsP75" REAL,
    "histograms" TEXT NOT NULL,

    PRIMARY KEY ("shopId", "day"),
    CONSTRAINT "PerformanceDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PerformanceDay" ("clsP75", "day", "dbMsSum", "errors", "histograms", "inpP75", "lcpP75", "requests", "serverMedianMs", "serverMsSum", "serverP95Ms", "sessions", "shopId") SELECT "clsP75", "day", "dbMsSum", "errors", "histograms", "inpP75", "lcpP75", "requests", "serverMedianMs", "serverMsSum", "serverP95Ms", "sessions", "shopId" FROM "PerformanceDay";
DROP TABLE "PerformanceDay";
ALTER TABLE "new_PerformanceDay" RENAME TO "PerformanceDay";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Days stored before the sample: every request was timed.
UPDATE "PerformanceDay" SET "dbRequests" = "requests";
