-- A distribution takes the undistributed donations of one or more uploads (docs/distribution.md
-- "Several uploads in a month"): the list is stored beside the older single name, which stays the
-- list's first (lists sort and search by it; the check keeps the two from drifting apart).
ALTER TABLE "distributions" ADD COLUMN "donation_upload_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "distributions" SET "donation_upload_names" = jsonb_build_array("donation_upload_name")
  WHERE "donation_upload_name" IS NOT NULL;--> statement-breakpoint
-- The donations no distribution holds yet, by missionary and upload: what the MAT Day form
-- preselects and the ledger check lists, read without touching the distributed millions.
CREATE INDEX "donations_undistributed_idx" ON "donations" USING btree ("user_id","upload_name") WHERE "donations"."distribution_id" is null;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_first_upload_check" CHECK ("distributions"."donation_upload_name" is not distinct from ("distributions"."donation_upload_names" ->> 0));
