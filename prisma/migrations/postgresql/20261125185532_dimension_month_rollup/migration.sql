-- CreateTable
CREATE TABLE "DimensionMonthRollup" (
    "shopId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sub" TEXT NOT NULL DEFAULT '',
    "ordersCount" INTEGER NOT NULL DEFAULT 0,
    "grossSalesMinor" INTEGER NOT NULL DEFAULT 0,
    "discountsMinor" INTEGER NOT NULL DEFAULT 0,
    "refundsMinor" INTEGER NOT NULL DEFAULT 0,
    "shippingMinor" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DimensionMonthRollup_pkey" PRIMARY KEY ("shopId","dimension","month","key","sub")
);

-- AddForeignKey
ALTER TABLE "DimensionMonthRollup" ADD CONSTRAINT "DimensionMonthRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing shops: the monthly sums of the daily rows already kept.
INSERT INTO "DimensionMonthRollup" ("shopId", "dimension", "month", "key", "sub", "ordersCount", "grossSalesMinor", "discountsMinor", "refundsMinor", "shippingMinor")
SELECT "shopId", "dimension", SUBSTR("day", 1, 7), "key", "sub", SUM("ordersCount"), SUM("grossSalesMinor"), SUM("discountsMinor"), SUM("refundsMinor"), SUM("shippingMinor")
FROM "DimensionDayRollup"
GROUP BY "shopId", "dimension", SUBSTR("day", 1, 7), "key", "sub";
