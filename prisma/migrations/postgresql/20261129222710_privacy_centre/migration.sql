-- AlterTable
ALTER TABLE "PrivacyRequest" ADD COLUMN     "customerId" TEXT,
ADD COLUMN     "extendedAt" TIMESTAMP(3),
ADD COLUMN     "extensionReason" TEXT,
ADD COLUMN     "outcome" TEXT,
ADD COLUMN     "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "refusalReason" TEXT,
ADD COLUMN     "regulation" TEXT NOT NULL DEFAULT 'other',
ADD COLUMN     "requesterName" TEXT,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'shopify_webhook',
ADD COLUMN     "verification" TEXT NOT NULL DEFAULT 'unverified',
ADD COLUMN     "verifiedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PrivacySettings" (
    "shopId" TEXT NOT NULL,
    "gdprActive" BOOLEAN NOT NULL DEFAULT true,
    "ccpaActive" BOOLEAN NOT NULL DEFAULT false,
    "dpoName" TEXT,
    "dpoEmail" TEXT,
    "promiseDays" INTEGER NOT NULL DEFAULT 30,
    "reminderLeadDays" INTEGER NOT NULL DEFAULT 3,
    "policyConfirmedAt" TIMESTAMP(3),
    "dpaConfirmedAt" TIMESTAMP(3),
    "staffReviewedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PrivacySettings_pkey" PRIMARY KEY ("shopId")
);

-- CreateIndex
CREATE INDEX "PrivacyRequest_shopId_receivedAt_idx" ON "PrivacyRequest"("shopId", "receivedAt");

-- AddForeignKey
ALTER TABLE "PrivacySettings" ADD CONSTRAINT "PrivacySettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing rows: the compliance webhooks' requests in the queue's terms (decision 098).
UPDATE "PrivacyRequest" SET "receivedAt" = "createdAt", "verification" = 'verified', "verifiedAt" = "createdAt";
UPDATE "PrivacyRequest" SET "type" = 'access' WHERE "type" = 'data_request';
UPDATE "PrivacyRequest" SET "type" = 'deletion' WHERE "type" = 'redact';
