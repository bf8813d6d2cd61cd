CREATE TABLE "office_notice_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"digest_time" text,
	"time_zone" text,
	"covered_until" timestamp with time zone NOT NULL,
	"last_digest_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_notice_settings_mode_check" CHECK ("office_notice_settings"."mode" in ('off', 'immediate', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "office_notice_settings" ADD CONSTRAINT "office_notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_notice_settings_mode_idx" ON "office_notice_settings" USING btree ("mode");