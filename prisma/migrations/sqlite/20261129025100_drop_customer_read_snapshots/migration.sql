-- The customers recompute's read snapshots and the triggers that kept them (decision 067).
-- Written by hand: Prisma's diff redefines "Shop" and "CustomerScore", which would drop the
-- search index's triggers on CustomerScore (migration customer_search_trigram); SQLite drops
-- the columns in place instead.

-- DropTrigger (migrations customer_read_snapshot and customer_read_own_write)
DROP TRIGGER IF EXISTS "Customer_read_delete";
DROP TRIGGER IF EXISTS "Customer_read_insert";
DROP TRIGGER IF EXISTS "Customer_read_update";
DROP TRIGGER IF EXISTS "CustomerOrderSummary_read_delete";
DROP TRIGGER IF EXISTS "CustomerOrderSummary_read_insert";
DROP TRIGGER IF EXISTS "CustomerOrderSummary_read_update";
DROP TRIGGER IF EXISTS "CustomerScore_read_delete";
DROP TRIGGER IF EXISTS "CustomerScore_read_insert";
DROP TRIGGER IF EXISTS "CustomerScore_read_update";
DROP TRIGGER IF EXISTS "Shop_read_delete";

-- DropTable
DROP TABLE "CustomerReadSnapshot";
DROP TABLE "CustomerReadPatch";
DROP TABLE "CustomerReadChange";
DROP TABLE "CustomerReadOwnWrite";

-- DropIndex
DROP INDEX "CustomerScore_shopId_computedAt_idx";

-- AlterTable
ALTER TABLE "Shop" DROP COLUMN "scoreDeletions";
ALTER TABLE "CustomerScore" DROP COLUMN "digest";

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_predicted12mMinor_idx" ON "CustomerScore"("shopId", "predicted12mMinor");
