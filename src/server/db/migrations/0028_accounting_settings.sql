CREATE TABLE "accounting_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dimension" text DEFAULT 'Missionary' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_settings_one_row" CHECK ("accounting_settings"."id" = 1)
);
