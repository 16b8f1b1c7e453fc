-- Case-insensitive substring search on CustomerScore.searchText (docs/decisions/060-customer-search-index.md):
-- a pg_trgm GIN index serves LIKE '%…%'. pg_trgm ships with PostgreSQL's contrib package and is a
-- trusted extension (PostgreSQL 13+): the database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "CustomerScore_searchText_trgm_idx" ON "CustomerScore" USING GIN ("searchText" gin_trgm_ops);
