-- CreateTable
CREATE TABLE "NotificationPreference" (
    "staffMemberId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "channels" TEXT NOT NULL,
    "slackWebhookUrl" TEXT,
    "bellTestAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NotificationPreference_pkey" PRIMARY KEY ("staffMemberId")
);

-- CreateIndex
CREATE INDEX "NotificationPreference_shopId_idx" ON "NotificationPreference"("shopId");

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

