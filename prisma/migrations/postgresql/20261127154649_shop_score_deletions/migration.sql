-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "scoreDeletions" INTEGER NOT NULL DEFAULT 0;

