-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AdSpendDay" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'manual',
    CONSTRAINT "AdSpendDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AdSpendDay" ("amountMinor", "channel", "day", "id", "shopId") SELECT "amountMinor", "channel", "day", "id", "shopId" FROM "AdSpendDay";
DROP TABLE "AdSpendDay";
ALTER TABLE "new_AdSpendDay" RENAME TO "AdSpendDay";
CREATE UNIQUE INDEX "AdSpendDay_shopId_day_channel_key" ON "AdSpendDay"("shopId", "day", "channel");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

