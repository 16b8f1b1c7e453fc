-- The list's value sort key moves to a narrow table of its own (docs/decisions/108-customer-value-table.md):
-- the nightly recompute rewrites it for most customers every day; in "CustomerScore" each such
-- write also touched the table's row and its sort index, here only a narrow row and its two indexes.
CREATE TABLE "CustomerValue" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "predicted12mMinor" INTEGER,

    PRIMARY KEY ("shopId", "customerId"),
    CONSTRAINT "CustomerValue_shopId_customerId_fkey" FOREIGN KEY ("shopId", "customerId") REFERENCES "CustomerScore" ("shopId", "customerId") ON DELETE CASCADE ON UPDATE CASCADE
);

INSERT INTO "CustomerValue" ("shopId", "customerId", "predicted12mMinor")
SELECT "shopId", "customerId", "predicted12mMinor" FROM "CustomerScore";

CREATE INDEX "CustomerValue_shopId_predicted12mMinor_customerId_idx" ON "CustomerValue"("shopId", "predicted12mMinor", "customerId");

-- Dropped in place (not by copying the table, as Prisma's diff would): the copy would drop the
-- search index's triggers (migration customer_search_trigram). The search index is filled again
-- from the rows' rowids all the same.
DROP INDEX "CustomerScore_shopId_predicted12mMinor_customerId_idx";
ALTER TABLE "CustomerScore" DROP COLUMN "predicted12mMinor";
DELETE FROM "CustomerScoreSearch";
INSERT INTO "CustomerScoreSearch" (rowid, "searchText") SELECT rowid, "searchText" FROM "CustomerScore";
