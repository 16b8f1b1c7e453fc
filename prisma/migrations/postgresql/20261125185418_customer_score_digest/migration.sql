-- DropIndex
DROP INDEX "CustomerScore_shopId_searchText_idx";

-- AlterTable
ALTER TABLE "CustomerScore" ADD COLUMN     "digest" TEXT NOT NULL DEFAULT '';

