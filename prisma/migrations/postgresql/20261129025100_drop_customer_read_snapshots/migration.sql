-- The customers recompute's read snapshots and the triggers and functions that kept them
-- (migrations customer_read_triggers_postgresql and customer_read_row_triggers_postgresql).
DROP TRIGGER IF EXISTS "Customer_read_insert" ON "Customer";
DROP TRIGGER IF EXISTS "Customer_read_update" ON "Customer";
DROP TRIGGER IF EXISTS "Customer_read_delete" ON "Customer";
DROP TRIGGER IF EXISTS "CustomerOrderSummary_read_insert" ON "CustomerOrderSummary";
DROP TRIGGER IF EXISTS "CustomerOrderSummary_read_update" ON "CustomerOrderSummary";
DROP TRIGGER IF EXISTS "CustomerOrderSummary_read_delete" ON "CustomerOrderSummary";
DROP TRIGGER IF EXISTS "CustomerScore_read_insert" ON "CustomerScore";
DROP TRIGGER IF EXISTS "CustomerScore_read_update" ON "CustomerScore";
DROP TRIGGER IF EXISTS "CustomerScore_read_delete" ON "CustomerScore";
DROP TRIGGER IF EXISTS "Shop_read_delete" ON "Shop";
DROP FUNCTION IF EXISTS "customer_read_list_row"();
DROP FUNCTION IF EXISTS "Shop_read_delete"();
DROP FUNCTION IF EXISTS "customer_read_listed"(TEXT);

-- DropForeignKey
ALTER TABLE "CustomerReadSnapshot" DROP CONSTRAINT "CustomerReadSnapshot_shopId_fkey";

-- DropForeignKey
ALTER TABLE "CustomerReadPatch" DROP CONSTRAINT "CustomerReadPatch_shopId_fkey";

-- DropIndex
DROP INDEX "CustomerScore_shopId_computedAt_idx";

-- AlterTable
ALTER TABLE "Shop" DROP COLUMN "scoreDeletions";

-- AlterTable
ALTER TABLE "CustomerScore" DROP COLUMN "digest";

-- DropTable
DROP TABLE "CustomerReadSnapshot";

-- DropTable
DROP TABLE "CustomerReadPatch";

-- DropTable
DROP TABLE "CustomerReadChange";

-- DropTable
DROP TABLE "CustomerReadOwnWrite";

-- CreateIndex
CREATE INDEX "CustomerScore_shopId_predicted12mMinor_idx" ON "CustomerScore"("shopId", "predicted12mMinor");

