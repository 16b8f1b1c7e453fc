-- CreateTable
CREATE TABLE "DimensionDayRollup" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sub" TEXT NOT NULL DEFAULT '',
    "ordersCount" INTEGER NOT NULL DEFAULT 0,
    "grossSalesMinor" INTEGER NOT NULL DEFAULT 0,
    "discountsMinor" INTEGER NOT NULL DEFAULT 0,
    "refundsMinor" INTEGER NOT NULL DEFAULT 0,
    "shippingMinor" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DimensionDayRollup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomDashboard" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cards" TEXT NOT NULL,
    "timeframe" TEXT NOT NULL,
    "comparison" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomDashboard_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DimensionDayRollup_shopId_dimension_day_key_sub_key" ON "DimensionDayRollup"("shopId", "dimension", "day", "key", "sub");

-- CreateIndex
CREATE UNIQUE INDEX "CustomDashboard_shopId_name_key" ON "CustomDashboard"("shopId", "name");

-- AddForeignKey
ALTER TABLE "DimensionDayRollup" ADD CONSTRAINT "DimensionDayRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomDashboard" ADD CONSTRAINT "CustomDashboard_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

