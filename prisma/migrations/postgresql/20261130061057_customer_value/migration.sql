-- The list's value sort key moves to a narrow table of its own (docs/decisions/108-customer-value-table.md):
-- the nightly recompute rewrites it for most customers every day, and a changed key in
-- "CustomerScore" was not a HOT update, so each of those rows took a new entry in all of that
-- table's indexes. Here a changed value takes one in CustomerValue's three.
CREATE TABLE "CustomerValue" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "predicted12mMinor" INTEGER,

    CONSTRAINT "CustomerValue_pkey" PRIMARY KEY ("shopId","customerId")
);

INSERT INTO "CustomerValue" ("shopId", "customerId", "predicted12mMinor")
SELECT "shopId", "customerId", "predicted12mMinor" FROM "CustomerScore";

CREATE INDEX "CustomerValue_shopId_predicted12mMinor_customerId_idx" ON "CustomerValue"("shopId", "predicted12mMinor", "customerId");

-- Written by hand (Prisma's schema cannot say NULLS LAST), as "CustomerScore"'s was: a search
-- sorted by value most-first, customers without a value last, reads this index in that order.
CREATE INDEX "CustomerValue_shopId_predicted12mMinor_desc_idx" ON "CustomerValue"("shopId", "predicted12mMinor" DESC NULLS LAST, "customerId" DESC);

ALTER TABLE "CustomerValue" ADD CONSTRAINT "CustomerValue_shopId_customerId_fkey" FOREIGN KEY ("shopId", "customerId") REFERENCES "CustomerScore"("shopId", "customerId") ON DELETE CASCADE ON UPDATE CASCADE;

DROP INDEX "CustomerScore_shopId_predicted12mMinor_customerId_idx";
DROP INDEX "CustomerScore_shopId_predicted12mMinor_desc_idx";
ALTER TABLE "CustomerScore" DROP COLUMN "predicted12mMinor";
