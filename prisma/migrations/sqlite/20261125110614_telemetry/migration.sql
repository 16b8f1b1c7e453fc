-- CreateTable
CREATE TABLE "RequestSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "serverMs" REAL NOT NULL,
    "dbMs" REAL NOT NULL,
    "dbQueries" INTEGER NOT NULL,
    "staffKey" TEXT,
    CONSTRAINT "RequestSample_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VitalSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "metric" TEXT NOT NULL,
    "value" REAL NOT NULL,
    CONSTRAINT "VitalSample_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PerformanceDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "requests" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,
    "serverMsSum" REAL NOT NULL,
    "serverMedianMs" REAL,
    "serverP95Ms" REAL,
    "dbMsSum" REAL NOT NULL,
    "sessions" INTEGER NOT NULL,
    "lcpP75" REAL,
    "inpP75" REAL,
    "clsP75" REAL,
    "histograms" TEXT NOT NULL,

    PRIMARY KEY ("shopId", "day"),
    CONSTRAINT "PerformanceDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "RequestSample_shopId_at_idx" ON "RequestSample"("shopId", "at");

-- CreateIndex
CREATE INDEX "VitalSample_shopId_at_idx" ON "VitalSample"("shopId", "at");

