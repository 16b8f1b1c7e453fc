-- AlterTable
ALTER TABLE "CustomerSegmentDay" ALTER COLUMN "revenueMinor" SET DATA TYPE BIGINT;

