-- AlterTable (written as ADD COLUMN: SQLite supports it for a constant default, and it
-- avoids redefining "Shop", whose DROP would cascade to every shop-owned row)
ALTER TABLE "Shop" ADD COLUMN "dataVersion" INTEGER NOT NULL DEFAULT 0;
