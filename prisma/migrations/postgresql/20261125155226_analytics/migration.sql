-- CreateTable
CREATE TABLE "AnalyticsSync" (
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "lastDay" TEXT,
    "syncedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AnalyticsSync_pkey" PRIMARY KEY ("shopId")
);

-- AddForeignKey
ALTER TABLE "AnalyticsSync" ADD CONSTRAINT "AnalyticsSync_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

