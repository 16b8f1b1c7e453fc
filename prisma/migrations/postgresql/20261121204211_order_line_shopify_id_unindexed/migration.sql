-- DropIndex
DROP INDEX "OrderLine_shopId_shopifyId_key";

