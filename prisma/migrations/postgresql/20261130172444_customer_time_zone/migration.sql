-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "timeZone" TEXT;

