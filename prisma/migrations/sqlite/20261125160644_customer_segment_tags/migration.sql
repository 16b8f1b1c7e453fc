-- AlterTable
ALTER TABLE "CustomerScore" ADD COLUMN "taggedSegment" TEXT;

-- CreateTable
CREATE TABLE "CustomerSegmentTag" (
    "shopId" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "lastRunAt" DATETIME,
    "lastError" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shopId", "segment"),
    CONSTRAINT "CustomerSegmentTag_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

