-- AlterTable
ALTER TABLE "FunnelDay" ALTER COLUMN "productViews" DROP NOT NULL;


-- A connected store's funnel days come only from Shopify's sessions data, which has no
-- product-view count: what was stored there as 0 means "not reported".
UPDATE "FunnelDay" SET "productViews" = NULL WHERE "shopId" IN (SELECT "id" FROM "Shop" WHERE "isDemo" = false);
