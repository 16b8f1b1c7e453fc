-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "dataVersion" INTEGER NOT NULL DEFAULT 0;

