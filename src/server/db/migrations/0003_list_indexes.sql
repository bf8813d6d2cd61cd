-- Lists at a million rows (docs/performance.md): every sortable column of the big lists has an index
-- on (column, id), so a page — by OFFSET from the start or by keyset cursor anywhere — is a range of
-- one index; partial ones match the staff lists' standing filter (archived reports left out) and the
-- office's queues; trigram indexes answer `q` (ILIKE '%term%') on the text columns searched.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_id_idx" ON "users" ("name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_missionary_number_id_idx" ON "users" ("missionary_number", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_missionary_number_trgm_idx" ON "users" USING gin ("missionary_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_type_idx" ON "expense_reports" ("type", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_total_idx" ON "expense_reports" ("total_amount", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_unreimbursed_idx" ON "expense_reports" ("unreimbursed_amount", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_start_idx" ON "expense_reports" ("start_date", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_end_idx" ON "expense_reports" ("end_date", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_submitted_on_idx" ON "expense_reports" ("date_submitted", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_created_idx" ON "expense_reports" ("created_at", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_submitted_idx" ON "expense_reports" ("submitted", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_processed_idx" ON "expense_reports" ("processed", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_user_idx" ON "expense_reports" ("user_id", "id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_unprocessed_idx" ON "expense_reports" ("id") WHERE "submitted" AND NOT "processed" AND "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_live_idx" ON "expense_reports" ("id") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expense_reports_id_trgm_idx" ON "expense_reports" USING gin ((cast("id" as text)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_user_id_idx" ON "donations" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_upload_id_idx" ON "donations" ("upload_name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_amount_idx" ON "donations" ("amount", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_count_idx" ON "donations" ("count", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_user_name_idx" ON "donations" ("user_name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_fund_name_idx" ON "donations" ("fund_name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_approved_idx" ON "donations" ("approved", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_created_idx" ON "donations" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_user_name_trgm_idx" ON "donations" USING gin ("user_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_fund_name_trgm_idx" ON "donations" USING gin ("fund_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_upload_name_trgm_idx" ON "donations" USING gin ("upload_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "distributions_user_name_idx" ON "distributions" ("user_name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "distributions_start_idx" ON "distributions" ("start_date", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "distributions_end_idx" ON "distributions" ("end_date", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "distributions_created_idx" ON "distributions" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "distributions_user_id_idx" ON "distributions" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "distributions_user_name_trgm_idx" ON "distributions" USING gin ("user_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "advance_requests_requested_idx" ON "advance_requests" ("id") WHERE "status" = 'requested';
