ALTER TABLE "distributions" DROP CONSTRAINT "distributions_status_check";--> statement-breakpoint
ALTER TABLE "hold_account_transactions" DROP CONSTRAINT "hat_status_check";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "approval_paydown" jsonb;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "reverses_journal_id" integer;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_journal_id_journal_entries_id_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_reverses_idx" ON "journal_entries" USING btree ("reverses_journal_id") WHERE "journal_entries"."reverses_journal_id" is not null;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_status_check" CHECK ("distributions"."status" in ('pending', 'approved', 'reversed'));--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hat_status_check" CHECK ("hold_account_transactions"."status" in ('pending', 'posted', 'reversed'));