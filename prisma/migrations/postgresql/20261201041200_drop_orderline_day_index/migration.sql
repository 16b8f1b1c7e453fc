-- DropIndex
DROP INDEX "OrderLine_shopId_day_idx";

