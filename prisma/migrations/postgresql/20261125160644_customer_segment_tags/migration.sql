-- AlterTable
ALTER TABLE "CustomerScore" ADD COLUMN     "taggedSegment" TEXT;

-- CreateTable
CREATE TABLE "CustomerSegmentTag" (
    "shopId" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "lastRunAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerSegmentTag_pkey" PRIMARY KEY ("shopId","segment")
);

-- AddForeignKey
ALTER TABLE "CustomerSegmentTag" ADD CONSTRAINT "CustomerSegmentTag_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

