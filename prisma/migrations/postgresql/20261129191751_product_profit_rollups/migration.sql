-- AlterTable
ALTER TABLE "ProductDailyRollup" ADD COLUMN     "cogsMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "feesShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "netSalesShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "refundsShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "shippingShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "unknownFeeUnits" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unknownShippingUnits" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ProductMonthlyRollup" ADD COLUMN     "cogsMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "feesShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "netSalesShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "refundsShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "shippingShareMinor" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "unknownFeeUnits" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unknownShippingUnits" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Order_shopId_name_idx" ON "Order"("shopId", "name");

-- CreateIndex
CREATE INDEX "Order_shopId_email_idx" ON "Order"("shopId", "email");

