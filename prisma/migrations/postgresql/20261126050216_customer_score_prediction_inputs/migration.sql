-- AlterTable
ALTER TABLE "CustomerScore" ADD COLUMN     "medianGapMs" DOUBLE PRECISION,
ADD COLUMN     "orderDays" INTEGER NOT NULL DEFAULT 0;

