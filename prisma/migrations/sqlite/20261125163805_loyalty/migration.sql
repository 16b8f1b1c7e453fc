-- CreateTable
CREATE TABLE "LoyaltyDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "points" INTEGER NOT NULL,

    PRIMARY KEY ("shopId", "day", "kind"),
    CONSTRAINT "LoyaltyDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LoyaltyMember_shopId_lastActivityAt_idx" ON "LoyaltyMember"("shopId", "lastActivityAt");

