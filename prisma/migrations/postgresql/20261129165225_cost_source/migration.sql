-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "costSource" TEXT NOT NULL DEFAULT 'app';

