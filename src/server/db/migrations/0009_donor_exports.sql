CREATE TABLE "donation_column_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"header_signature" text NOT NULL,
	"headers" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"amount_column" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_column_mappings_header_signature_unique" UNIQUE("header_signature")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_name" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_key" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_date" date;--> statement-breakpoint
ALTER TABLE "donation_column_mappings" ADD CONSTRAINT "donation_column_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;