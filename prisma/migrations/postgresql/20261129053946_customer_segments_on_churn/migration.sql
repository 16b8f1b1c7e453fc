-- AlterTable
ALTER TABLE "CustomerSegmentSettings" DROP COLUMN "atRiskGapMultiplier",
DROP COLUMN "atRiskMaxRecencyScore",
DROP COLUMN "atRiskMinMonetaryScore";

-- AlterTable
ALTER TABLE "CustomerOrderSummary" DROP COLUMN "edgeNetMinor",
DROP COLUMN "nextEdgeMs",
DROP COLUMN "nextNetMinor";

