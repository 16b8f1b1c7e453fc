-- AlterTable
ALTER TABLE "AdSpendDay" ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'manual';

