-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "adChannel" TEXT;

