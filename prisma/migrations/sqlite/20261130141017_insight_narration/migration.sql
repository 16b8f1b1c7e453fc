-- AlterTable
ALTER TABLE "Insight" ADD COLUMN "narration" TEXT;

