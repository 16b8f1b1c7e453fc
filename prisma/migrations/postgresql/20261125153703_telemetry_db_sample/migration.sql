-- AlterTable
ALTER TABLE "RequestSample" ALTER COLUMN "dbMs" DROP NOT NULL,
ALTER COLUMN "dbQueries" DROP NOT NULL;

-- AlterTable
ALTER TABLE "PerformanceDay" ADD COLUMN     "dbRequests" INTEGER NOT NULL DEFAULT 0;


-- Days stored before the sample: every request was timed.
UPDATE "PerformanceDay" SET "dbRequests" = "requests";
