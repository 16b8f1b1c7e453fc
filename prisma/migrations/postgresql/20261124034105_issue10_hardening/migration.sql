-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "outcome" TEXT NOT NULL DEFAULT 'applied',
ADD COLUMN     "reason" TEXT;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "idempotencyHash" TEXT;

-- CreateTable
CREATE TABLE "RateLimiterFlexible" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "RateLimiterFlexible_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "InvoicePdf" (
    "invoiceId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvoicePdf_pkey" PRIMARY KEY ("invoiceId")
);

-- CreateIndex
CREATE INDEX "InvoicePdf_shopId_idx" ON "InvoicePdf"("shopId");

-- AddForeignKey
ALTER TABLE "InvoicePdf" ADD CONSTRAINT "InvoicePdf_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

