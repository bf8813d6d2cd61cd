-- A 10 MB import spent over 80 % of its time in PostgreSQL's per-row work on `donations`.
-- Four of its indexes serve no query (bench/donation-indexes.ts runs every query that reads donations
-- under EXPLAIN; docs/performance.md), and the three trigram ones wrote half the import's WAL
-- (bench/import-indexes.ts):
-- * the trigram indexes on user_name, fund_name and upload_name: the lists' `q` ORs those columns
--   with the donor's name (unindexed) and with `user_id IN (subquery)`, and a BitmapOr needs an index
--   for every arm, so no search ever read them (a search is a scan of the list's order, as before);
-- * (upload_name) alone: the leading column of (upload_name, id), which serves every query it did.
DROP INDEX IF EXISTS "donations_user_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "donations_fund_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "donations_upload_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "donations_upload_name_idx";
