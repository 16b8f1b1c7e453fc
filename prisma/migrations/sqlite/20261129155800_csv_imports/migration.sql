-- CreateTable
CREATE TABLE "CsvImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'applied',
    "fileName" TEXT,
    "rowsWritten" INTEGER NOT NULL DEFAULT 0,
    "changes" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" DATETIME,
    CONSTRAINT "CsvImport_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CsvImport_shopId_kind_createdAt_idx" ON "CsvImport"("shopId", "kind", "createdAt");

