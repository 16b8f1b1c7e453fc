-- Case-insensitive substring search on CustomerScore.searchText (docs/decisions/060-customer-search-index.md):
-- an FTS5 index with the trigram tokenizer, its rowid the score row's rowid, kept in step by triggers.
-- Raw SQL that Prisma's schema does not describe: a later migration that redefines "CustomerScore"
-- (SQLite copies the table) drops these triggers and must recreate them and rebuild the index
-- (app/features/customers/search.db.test.ts fails until it does).
CREATE VIRTUAL TABLE "CustomerScoreSearch" USING fts5("searchText", tokenize = 'trigram');
INSERT INTO "CustomerScoreSearch" (rowid, "searchText") SELECT rowid, "searchText" FROM "CustomerScore";
CREATE TRIGGER "CustomerScore_search_insert" AFTER INSERT ON "CustomerScore" BEGIN
  INSERT INTO "CustomerScoreSearch" (rowid, "searchText") VALUES (new.rowid, new."searchText");
END;
CREATE TRIGGER "CustomerScore_search_delete" AFTER DELETE ON "CustomerScore" BEGIN
  DELETE FROM "CustomerScoreSearch" WHERE rowid = old.rowid;
END;
CREATE TRIGGER "CustomerScore_search_update" AFTER UPDATE OF "searchText" ON "CustomerScore"
WHEN old."searchText" IS NOT new."searchText" BEGIN
  UPDATE "CustomerScoreSearch" SET "searchText" = new."searchText" WHERE rowid = old.rowid;
END;
