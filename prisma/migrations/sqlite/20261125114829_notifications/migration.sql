-- CreateTable
CREATE TABLE "NotificationPreference" (
    "staffMemberId" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "channels" TEXT NOT NULL,
    "slackWebhookUrl" TEXT,
    "bellTestAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "NotificationPreference_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NotificationPreference_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "NotificationPreference_shopId_idx" ON "NotificationPreference"("shopId");

