-- CreateTable
CREATE TABLE "CustomerReadPatch" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "takenAt" DATETIME NOT NULL,
    "customers" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "ids" TEXT NOT NULL,
    CONSTRAINT "CustomerReadPatch_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

