-- A search of the donations (`q`) read the whole table (1.3 s for its count at two million
-- rows, 22 s a request with 20 at once). A trigram index over the searched columns would serve it
-- but cost the 10 MB import 1.3–1.5 s (the 5 s goal of a 10 MB import). Instead, every distinct text a donation
-- carries in a searched column (missionary, fund, upload and donor names: a few thousand values
-- against millions of rows) is kept once in `donation_search_terms`, with the trigram index there.
-- A search first finds the matching terms (under a millisecond) and then the donations holding one
-- of them through each column's b-tree (`col = ANY($terms)`, a BitmapOr), which is exactly `col
-- ILIKE pattern` because every text any donation holds is a term (src/server/donations/donations.ts).
-- A term no donation holds any more matches nothing, so terms are only ever added, by the triggers:
-- * inserting donations (the import's one statement): the statement's distinct texts, once;
-- * changing a searched column (the app never does): the row's new texts.
-- Tested in src/server/donations/donation-search.test.ts (PGlite and PostgreSQL): a model of the
-- donations written answers each search the plain way, and the route must agree.
CREATE TABLE "donation_search_terms" (
  "term" text PRIMARY KEY
);
--> statement-breakpoint
-- A small pending list (256 kB, not 4 MB): every search reads the pending list whole (7 ms at
-- 25,000 terms), while writing terms straight into the index costs a first import's 20,000 donor
-- names 0.7 s; with 256 kB they are merged in batches (0.17 s) and a search reads at most 256 kB.
CREATE INDEX "donation_search_terms_trgm_idx" ON "donation_search_terms" USING gin ("term" gin_trgm_ops) WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
-- What this costs an import, and what pays for it (a 10 MB import in 5 s; measured on
-- PostgreSQL with 142,760 rows, docs/performance.md): the donor index and the trigger below add
-- about 0.35 s and 0.1 s. Back come:
-- * (user_id, id): a missionary's donations (a few hundred in ten years) are found by (user_id,
--   upload_name) and sorted, a fraction of a millisecond (bench/donation-indexes.ts);
-- * hold account, distribution and donor indexes hold only rows that have one: no query looks a
--   NULL up, and an import writes NULL in most of them (every distribution_id, three hold accounts
--   in four).
CREATE INDEX "donations_donor_name_idx" ON "donations" ("donor_name") WHERE "donor_name" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "donations_user_id_idx";
--> statement-breakpoint
DROP INDEX "donations_hold_account_idx";
--> statement-breakpoint
CREATE INDEX "donations_hold_account_idx" ON "donations" ("hold_account_id") WHERE "hold_account_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "donations_distribution_idx";
--> statement-breakpoint
CREATE INDEX "donations_distribution_idx" ON "donations" ("distribution_id") WHERE "distribution_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "donation_search_terms" ("term")
  SELECT "user_name" FROM "donations" WHERE "user_name" IS NOT NULL
  UNION SELECT "fund_name" FROM "donations" WHERE "fund_name" IS NOT NULL
  UNION SELECT "upload_name" FROM "donations"
  UNION SELECT "donor_name" FROM "donations" WHERE "donor_name" IS NOT NULL;
--> statement-breakpoint
-- Each column's distinct texts first: hashing four small sets is a third of the time of one union of
-- every row's four texts (95 vs 280 ms for an import's 142,760 rows).
CREATE FUNCTION "donations_add_inserted_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donation_search_terms" ("term")
    SELECT "term" FROM (
      SELECT DISTINCT "user_name" AS "term" FROM new_rows
      UNION SELECT DISTINCT "fund_name" FROM new_rows
      UNION SELECT DISTINCT "upload_name" FROM new_rows
      UNION SELECT DISTINCT "donor_name" FROM new_rows
    ) "texts" WHERE "term" IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "donations_search_terms_insert" AFTER INSERT ON "donations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donations_add_inserted_search_terms"();
--> statement-breakpoint
CREATE FUNCTION "donations_add_changed_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donation_search_terms" ("term")
    SELECT "term" FROM (VALUES (NEW."user_name"), (NEW."fund_name"), (NEW."upload_name"), (NEW."donor_name")) v ("term")
    WHERE "term" IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "donations_search_terms_update" AFTER UPDATE OF "user_name", "fund_name", "upload_name", "donor_name"
  ON "donations" FOR EACH ROW WHEN (
    NEW."user_name" IS DISTINCT FROM OLD."user_name"
    OR NEW."fund_name" IS DISTINCT FROM OLD."fund_name"
    OR NEW."upload_name" IS DISTINCT FROM OLD."upload_name"
    OR NEW."donor_name" IS DISTINCT FROM OLD."donor_name"
  ) EXECUTE FUNCTION "donations_add_changed_search_terms"();
