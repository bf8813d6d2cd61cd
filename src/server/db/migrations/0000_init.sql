CREATE TABLE "advance_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"amount_requested" numeric(14, 2) NOT NULL,
	"amount_approved" numeric(14, 2),
	"dist_amount_approved" numeric(14, 2),
	"approved" boolean DEFAULT false NOT NULL,
	"type" integer,
	"hold_account_id" integer,
	"distribution_id" integer,
	"date_submitted" date,
	"mat_date" date,
	"expense_report_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advance_requests_status_check" CHECK ("advance_requests"."status" in ('requested', 'approved', 'submitted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"donation_upload_name" text,
	"total_donations" numeric(14, 2) DEFAULT 0 NOT NULL,
	"funds_available" numeric(14, 2) DEFAULT 0 NOT NULL,
	"admin_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"employee_ss" numeric(14, 2) DEFAULT 0 NOT NULL,
	"employee_mc" numeric(14, 2) DEFAULT 0 NOT NULL,
	"employer_ss" numeric(14, 2) DEFAULT 0 NOT NULL,
	"employer_mc" numeric(14, 2) DEFAULT 0 NOT NULL,
	"federal_income_tax" numeric(14, 2) DEFAULT 0 NOT NULL,
	"gross_payroll" numeric(14, 2) DEFAULT 0 NOT NULL,
	"net_payroll" numeric(14, 2) DEFAULT 0 NOT NULL,
	"net_payroll_dist" numeric(14, 2) DEFAULT 0 NOT NULL,
	"payroll_disbursement" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_payroll" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_expenses" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_funds_disbursed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_funds_on_account" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ending_balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"starting_balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"comments" text,
	"unreimbursed_reimbursement" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unreimbursed_amount_starting" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unreimbursed_amount_accrued" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unreimbursed_amount_ending" numeric(14, 2) DEFAULT 0 NOT NULL,
	"mid_month_disbursement" numeric(14, 2) DEFAULT 0 NOT NULL,
	"wire_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"housing_allowance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"insurance_payment" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ministry_reimbursement" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ministry_advance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"manual_ministry_reimbursement" numeric(14, 2) DEFAULT 0 NOT NULL,
	"manual_ministry_advance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"fica_tax" boolean DEFAULT false NOT NULL,
	"retirement" numeric(14, 2) DEFAULT 0 NOT NULL,
	"tax_status" text,
	"held_liability_account_balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"held_liability_account_deposit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"held_liability_account_starting_balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"held_liability_account_withdrawal" numeric(14, 2) DEFAULT 0 NOT NULL,
	"transfer_from_held" numeric(14, 2) DEFAULT 0 NOT NULL,
	"processed_expense_reports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed_advance_requests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_account_transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batch" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributions_status_check" CHECK ("distributions"."status" in ('pending', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "donation_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_name" text NOT NULL,
	"filename" text NOT NULL,
	"content_sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_uploads_content_sha256_unique" UNIQUE("content_sha256")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer,
	"upload_name" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"user_id" integer,
	"user_name" text,
	"fund_name" text,
	"hold_account_id" integer,
	"approved" boolean DEFAULT false NOT NULL,
	"distribution_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" integer NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unreimbursed_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"payout" numeric(14, 2),
	"start_date" date,
	"end_date" date,
	"date_submitted" date,
	"submitted" boolean DEFAULT false NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"processed_at" timestamp with time zone,
	"distance_type" text DEFAULT 'none' NOT NULL,
	"advance_request_id" integer,
	"distribution_id" integer,
	"dist_amount_reimbursed" numeric(14, 2),
	"dist_hold_account_withdrawals" numeric(14, 2),
	"dist_amount_unreimbursed" numeric(14, 2),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_reports_type_check" CHECK ("expense_reports"."type" in ('reimbursement', 'advance')),
	CONSTRAINT "expense_reports_distance_type_check" CHECK ("expense_reports"."distance_type" in ('km', 'mi', 'none'))
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_report_id" integer NOT NULL,
	"date" date NOT NULL,
	"expense_code" integer,
	"description" text,
	"field_currency" numeric(16, 2) NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"usd_amount" numeric(14, 2) NOT NULL,
	"hold_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_report_id" integer NOT NULL,
	"filename" text NOT NULL,
	"file_path" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mileage" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_report_id" integer NOT NULL,
	"date" date NOT NULL,
	"odometer_start" numeric(12, 1),
	"odometer_end" numeric(12, 1),
	"total_distance" numeric(12, 1) NOT NULL,
	"total_cost" numeric(14, 2) NOT NULL,
	"type" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hold_account_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_account_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_amount" numeric(14, 2) NOT NULL,
	"amount_approved" numeric(14, 2),
	"added_unreimbursed_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"description" text,
	"expense_id" integer,
	"advance_request_id" integer,
	"donation_id" integer,
	"distribution_id" integer,
	"recurring" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"starting_balance" numeric(14, 2),
	"starting_unreimbursed_amount" numeric(14, 2),
	"ending_balance" numeric(14, 2),
	"mat_date" date,
	"status" text DEFAULT 'posted' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hat_type_check" CHECK ("hold_account_transactions"."transaction_type" in ('Deposit', 'Transfer', 'Withdrawal')),
	CONSTRAINT "hat_status_check" CHECK ("hold_account_transactions"."status" in ('pending', 'posted'))
);
--> statement-breakpoint
CREATE TABLE "hold_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fund_name" text NOT NULL,
	"opening_balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unreimbursed_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"mat_day_recurring_deposit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"mat_day_recurring_transfer" numeric(14, 2) DEFAULT 0 NOT NULL,
	"mat_day_recurring_withdrawal" numeric(14, 2) DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"account_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"memo" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_account_check" CHECK ("journal_entries"."account" in ('user_fund', 'user_unreimbursed', 'hold_account', 'hold_account_unreimbursed'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_category" text NOT NULL,
	"description" text NOT NULL,
	"advance" boolean DEFAULT false NOT NULL,
	"expense" boolean DEFAULT false NOT NULL,
	"mileage" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_name" text NOT NULL,
	"setting_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_setting_name_unique" UNIQUE("setting_name")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tax_status" text,
	"fica_tax" boolean DEFAULT false NOT NULL,
	"retirement_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"fund_balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unreimbursed_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"net_salary" numeric(14, 2) DEFAULT 0 NOT NULL,
	"social_security" numeric(7, 4),
	"medicare" numeric(7, 4),
	"federal_income_tax" numeric(14, 2) DEFAULT 0 NOT NULL,
	"wire_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"housing_allowance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"insurance_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"admin_fee_percentage" numeric(7, 4),
	"admin_fee_cap" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_tax_status_check" CHECK ("profiles"."tax_status" is null or "profiles"."tax_status" in ('W2', '1099', 'W2 Exempt'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"missionary_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'employee', 'missionary', 'none'))
);
--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_type_categories_id_fk" FOREIGN KEY ("type") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_hold_account_id_hold_accounts_id_fk" FOREIGN KEY ("hold_account_id") REFERENCES "public"."hold_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_expense_report_id_expense_reports_id_fk" FOREIGN KEY ("expense_report_id") REFERENCES "public"."expense_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_uploads" ADD CONSTRAINT "donation_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_upload_id_donation_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."donation_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_hold_account_id_hold_accounts_id_fk" FOREIGN KEY ("hold_account_id") REFERENCES "public"."hold_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reports" ADD CONSTRAINT "expense_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reports" ADD CONSTRAINT "expense_reports_advance_request_id_advance_requests_id_fk" FOREIGN KEY ("advance_request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reports" ADD CONSTRAINT "expense_reports_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_expense_report_id_expense_reports_id_fk" FOREIGN KEY ("expense_report_id") REFERENCES "public"."expense_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_expense_code_categories_id_fk" FOREIGN KEY ("expense_code") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_hold_account_id_hold_accounts_id_fk" FOREIGN KEY ("hold_account_id") REFERENCES "public"."hold_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_expense_report_id_expense_reports_id_fk" FOREIGN KEY ("expense_report_id") REFERENCES "public"."expense_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage" ADD CONSTRAINT "mileage_expense_report_id_expense_reports_id_fk" FOREIGN KEY ("expense_report_id") REFERENCES "public"."expense_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage" ADD CONSTRAINT "mileage_type_categories_id_fk" FOREIGN KEY ("type") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hold_account_transactions_hold_account_id_hold_accounts_id_fk" FOREIGN KEY ("hold_account_id") REFERENCES "public"."hold_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hold_account_transactions_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hold_account_transactions_advance_request_id_advance_requests_id_fk" FOREIGN KEY ("advance_request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hold_account_transactions_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hold_account_transactions_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_account_transactions" ADD CONSTRAINT "hold_account_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_accounts" ADD CONSTRAINT "hold_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advance_requests_user_idx" ON "advance_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "advance_requests_status_idx" ON "advance_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "advance_requests_distribution_idx" ON "advance_requests" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "distributions_status_idx" ON "distributions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "distributions_user_idx" ON "distributions" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "distributions_one_pending_per_user_range" ON "distributions" USING btree ("user_id","start_date","end_date") WHERE "distributions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "donations_user_upload_idx" ON "donations" USING btree ("user_id","upload_name");--> statement-breakpoint
CREATE INDEX "donations_upload_name_idx" ON "donations" USING btree ("upload_name");--> statement-breakpoint
CREATE INDEX "donations_hold_account_idx" ON "donations" USING btree ("hold_account_id");--> statement-breakpoint
CREATE INDEX "donations_distribution_idx" ON "donations" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "expense_reports_user_idx" ON "expense_reports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "expense_reports_queue_idx" ON "expense_reports" USING btree ("submitted","processed","id");--> statement-breakpoint
CREATE INDEX "expense_reports_distribution_idx" ON "expense_reports" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "expense_reports_advance_idx" ON "expense_reports" USING btree ("advance_request_id");--> statement-breakpoint
CREATE INDEX "expenses_report_idx" ON "expenses" USING btree ("expense_report_id");--> statement-breakpoint
CREATE INDEX "expenses_hold_account_idx" ON "expenses" USING btree ("hold_account_id");--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("date");--> statement-breakpoint
CREATE INDEX "file_uploads_report_idx" ON "file_uploads" USING btree ("expense_report_id");--> statement-breakpoint
CREATE INDEX "mileage_report_idx" ON "mileage" USING btree ("expense_report_id");--> statement-breakpoint
CREATE INDEX "mileage_date_idx" ON "mileage" USING btree ("date");--> statement-breakpoint
CREATE INDEX "hat_account_idx" ON "hold_account_transactions" USING btree ("hold_account_id","id");--> statement-breakpoint
CREATE INDEX "hat_distribution_idx" ON "hold_account_transactions" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "hold_accounts_user_idx" ON "hold_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hold_accounts_fund_name_idx" ON "hold_accounts" USING btree (lower("fund_name"));--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "journal_account_idx" ON "journal_entries" USING btree ("account","account_id","id");--> statement-breakpoint
CREATE INDEX "journal_ref_idx" ON "journal_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name");--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at");