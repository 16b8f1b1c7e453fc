-- CreateTable
CREATE TABLE "LoyaltyDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "points" INTEGER NOT NULL,

    CONSTRAINT "LoyaltyDay_pkey" PRIMARY KEY ("shopId","day","kind")
);

-- CreateIndex
CREATE INDEX "LoyaltyMember_shopId_lastActivityAt_idx" ON "LoyaltyMember"("shopId", "lastActivityAt");

-- AddForeignKey
ALTER TABLE "LoyaltyDay" ADD CONSTRAINT "LoyaltyDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

