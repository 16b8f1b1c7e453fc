-- CreateTable
CREATE TABLE "PrivacySettings" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "gdprActive" BOOLEAN NOT NULL DEFAULT true,
    "ccpaActive" BOOLEAN NOT NULL DEFAULT false,
    "dpoName" TEXT,
    "dpoEmail" TEXT,
    "promiseDays" INTEGER NOT NULL DEFAULT 30,
    "reminderLeadDays" INTEGER NOT NULL DEFAULT 3,
    "policyConfirmedAt" DATETIME,
    "dpaConfirmedAt" DATETIME,
    "staffReviewedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PrivacySettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PrivacyRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "source" TEXT NOT NULL DEFAULT 'shopify_webhook',
    "regulation" TEXT NOT NULL DEFAULT 'other',
    "customerShopifyId" TEXT,
    "customerId" TEXT,
    "requesterName" TEXT,
    "email" TEXT,
    "ordersRequested" TEXT,
    "webhookId" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verification" TEXT NOT NULL DEFAULT 'unverified',
    "verifiedAt" DATETIME,
    "extendedAt" DATETIME,
    "extensionReason" TEXT,
    "refusalReason" TEXT,
    "outcome" TEXT,
    "dueAt" DATETIME NOT NULL,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PrivacyRequest_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PrivacyRequest" ("completedAt", "createdAt", "customerShopifyId", "dueAt", "email", "id", "ordersRequested", "shopId", "status", "type", "webhookId") SELECT "completedAt", "createdAt", "customerShopifyId", "dueAt", "email", "id", "ordersRequested", "shopId", "status", "type", "webhookId" FROM "PrivacyRequest";
DROP TABLE "PrivacyRequest";
ALTER TABLE "new_PrivacyRequest" RENAME TO "PrivacyRequest";
CREATE INDEX "PrivacyRequest_shopId_status_idx" ON "PrivacyRequest"("shopId", "status");
CREATE INDEX "PrivacyRequest_shopId_receivedAt_idx" ON "PrivacyRequest"("shopId", "receivedAt");
CREATE UNIQUE INDEX "PrivacyRequest_shopId_webhookId_key" ON "PrivacyRequest"("shopId", "webhookId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Existing rows: the compliance webhooks' requests in the queue's terms (decision 098).
UPDATE "PrivacyRequest" SET "receivedAt" = "createdAt", "verification" = 'verified', "verifiedAt" = "createdAt";
UPDATE "PrivacyRequest" SET "type" = 'access' WHERE "type" = 'data_request';
UPDATE "PrivacyRequest" SET "type" = 'deletion' WHERE "type" = 'redact';
