-- DropIndex
DROP INDEX "OrderLine_shopId_variantId_idx";

