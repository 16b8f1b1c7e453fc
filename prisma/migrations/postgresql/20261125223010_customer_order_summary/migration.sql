-- AlterTable
ALTER TABLE "CustomerModel" ADD COLUMN     "summarizedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "CustomerOrderSummary" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "orders" INTEGER NOT NULL,
    "netMinor" INTEGER NOT NULL,
    "firstOrderMs" DOUBLE PRECISION NOT NULL,
    "lastOrderMs" DOUBLE PRECISION NOT NULL,
    "orderDays" INTEGER NOT NULL,
    "medianGapDays" INTEGER,
    "medianGapMs" DOUBLE PRECISION,
    "windowAtMs" DOUBLE PRECISION NOT NULL,
    "windowOrders" INTEGER NOT NULL,
    "windowNetMinor" INTEGER NOT NULL,
    "windowEdgeMs" DOUBLE PRECISION,

    CONSTRAINT "CustomerOrderSummary_pkey" PRIMARY KEY ("shopId","customerId")
);

-- AddForeignKey
ALTER TABLE "CustomerOrderSummary" ADD CONSTRAINT "CustomerOrderSummary_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerOrderSummary" ADD CONSTRAINT "CustomerOrderSummary_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

