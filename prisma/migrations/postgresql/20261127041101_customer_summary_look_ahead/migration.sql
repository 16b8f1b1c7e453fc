-- AlterTable
ALTER TABLE "CustomerOrderSummary" ADD COLUMN     "edgeNetMinor" INTEGER,
ADD COLUMN     "nextEdgeMs" DOUBLE PRECISION,
ADD COLUMN     "nextNetMinor" INTEGER;

