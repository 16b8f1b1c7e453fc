-- Room in each page of the customer score rows and order summaries for the rows' next versions
-- (docs/decisions/067-customer-order-summary.md, thirteenth pass). The nightly recompute rewrites
-- a few thousand of each at 100,000 customers; in a full page an update is not HOT, and a score
-- row's new version then takes a new entry in each of the table's eight indexes (one of them the
-- search's trigram index). With 15 % of each page free the rows rewritten in a night fit beside
-- their old versions, which the next visit to the page prunes. Pages written from now on keep the
-- room: rows written before move to such a page at their first update that does not fit.
ALTER TABLE "CustomerScore" SET (fillfactor = 85);
ALTER TABLE "CustomerOrderSummary" SET (fillfactor = 85);
