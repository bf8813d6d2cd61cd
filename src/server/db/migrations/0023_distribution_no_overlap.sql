ALTER TABLE "distributions" ADD COLUMN "overlap_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One missionary, one distribution per day (docs/distribution.md "One distribution per day"): two
-- distributions of one missionary that count (every status but reversed) never share a day. btree_gist
-- gives the gist operator class for user_id's equality (trusted since PostgreSQL 13: the database
-- owner may create it; PGlite loads it in openPglite).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Rows stored before the rule must not make the migration fail, and are not changed or deleted (an
-- approved one was paid): each distribution that shares a day with an earlier (lower id) one of the
-- same missionary is marked overlap_exempt and left out of the constraint, so the rows it still
-- covers never overlap. A row whose end is before its start (never accepted by the API) is left out
-- too, since its range cannot be built. The ledger check lists every overlap that remains.
UPDATE "distributions" d SET "overlap_exempt" = true
WHERE d."status" <> 'reversed' AND (d."end_date" < d."start_date" OR EXISTS (
  SELECT 1 FROM "distributions" e
  WHERE e."user_id" = d."user_id" AND e."id" < d."id" AND e."status" <> 'reversed'
    AND e."end_date" >= e."start_date" AND e."start_date" <= d."end_date" AND e."end_date" >= d."start_date"));--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)
  WHERE ("status" <> 'reversed' AND NOT "overlap_exempt");
