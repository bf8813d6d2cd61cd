CREATE TABLE "advance_wage_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"note" text,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advance_wage_confirmations_advance_request_id_unique" UNIQUE("advance_request_id")
);
--> statement-breakpoint
CREATE TABLE "housing_allowance_designations" (
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"approved_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "housing_allowance_designations_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
CREATE TABLE "tax_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"social_security_wage_base" numeric(14, 2) NOT NULL,
	"nec_threshold" numeric(14, 2) NOT NULL,
	"elective_deferral_limit" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "social_security_wages" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "medicare_wages" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "housing_allowance_excluded" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "minister" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advance_wage_confirmations" ADD CONSTRAINT "advance_wage_confirmations_advance_request_id_advance_requests_id_fk" FOREIGN KEY ("advance_request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_wage_confirmations" ADD CONSTRAINT "advance_wage_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_wage_confirmations" ADD CONSTRAINT "advance_wage_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "housing_allowance_designations" ADD CONSTRAINT "housing_allowance_designations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;