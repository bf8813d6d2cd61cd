CREATE TABLE "payee_bank_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"payout_method" text DEFAULT 'none' NOT NULL,
	"sealed" text,
	"masked_account" text,
	"currency" text,
	"version" integer DEFAULT 0 NOT NULL,
	"reviewed_version" integer DEFAULT 0 NOT NULL,
	"proven_version" integer,
	"returned_version" integer,
	"changed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_bank_details_method_check" CHECK ("payee_bank_details"."payout_method" in ('ach', 'wire', 'check', 'none'))
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"mat_date" date NOT NULL,
	"effective_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"files" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_status_check" CHECK ("payment_batches"."status" in ('draft', 'released'))
);
--> statement-breakpoint
CREATE TABLE "payment_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"distribution_id" integer,
	"expense_report_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "payment_line_items_one_source_check" CHECK (("payment_line_items"."distribution_id" is null) <> ("payment_line_items"."expense_report_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"currency" text,
	"masked_account" text,
	"status" text NOT NULL,
	"held_code" text,
	"details_version" integer DEFAULT 0 NOT NULL,
	"cleared_by" integer,
	"return_code" text,
	"return_date" date,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_lines_status_check" CHECK ("payment_lines"."status" in ('pending', 'held', 'prenote', 'paid', 'returned')),
	CONSTRAINT "payment_lines_method_check" CHECK ("payment_lines"."method" in ('ach', 'wire', 'check', 'none'))
);
--> statement-breakpoint
ALTER TABLE "payee_bank_details" ADD CONSTRAINT "payee_bank_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_line_items" ADD CONSTRAINT "payment_line_items_line_id_payment_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."payment_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_line_items" ADD CONSTRAINT "payment_line_items_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_line_items" ADD CONSTRAINT "payment_line_items_expense_report_id_expense_reports_id_fk" FOREIGN KEY ("expense_report_id") REFERENCES "public"."expense_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_batches_created_idx" ON "payment_batches" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_line_items_distribution_idx" ON "payment_line_items" USING btree ("distribution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_line_items_report_idx" ON "payment_line_items" USING btree ("expense_report_id");--> statement-breakpoint
CREATE INDEX "payment_line_items_line_idx" ON "payment_line_items" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_batch_user_idx" ON "payment_lines" USING btree ("batch_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_lines_user_idx" ON "payment_lines" USING btree ("user_id","id");