CREATE TABLE "exchange_rates" (
	"month" varchar(7) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_month_currency_pk" PRIMARY KEY("month","currency"),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_month_check" CHECK ("exchange_rates"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "needed_by" date;--> statement-breakpoint
ALTER TABLE "expense_reports" ADD COLUMN "cash_returned" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reports" ADD CONSTRAINT "expense_reports_cash_returned_check" CHECK ("expense_reports"."cash_returned" >= 0);