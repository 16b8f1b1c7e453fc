-- AlterTable
ALTER TABLE "CustomerOrderSummary" ADD COLUMN "edgeNetMinor" INTEGER;
ALTER TABLE "CustomerOrderSummary" ADD COLUMN "nextEdgeMs" REAL;
ALTER TABLE "CustomerOrderSummary" ADD COLUMN "nextNetMinor" INTEGER;

