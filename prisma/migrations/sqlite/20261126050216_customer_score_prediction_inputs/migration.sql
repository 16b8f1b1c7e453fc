-- Decision 073: the lifetime-value model's inputs on the score row (the predictions are derived when read).
-- Written as ADD COLUMN rather than Prisma's RedefineTables: copying "CustomerScore" would drop the
-- search index's triggers (decision 060), and two added columns need no copy.
ALTER TABLE "CustomerScore" ADD COLUMN "orderDays" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "CustomerScore" ADD COLUMN "medianGapMs" REAL;
