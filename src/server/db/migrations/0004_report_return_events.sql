CREATE TABLE "expense_report_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_report_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_report_events_action_check" CHECK ("expense_report_events"."action" in ('submitted', 'returned', 'processed'))
);
--> statement-breakpoint
ALTER TABLE "expense_reports" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expense_report_events" ADD CONSTRAINT "expense_report_events_expense_report_id_expense_reports_id_fk" FOREIGN KEY ("expense_report_id") REFERENCES "public"."expense_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_report_events" ADD CONSTRAINT "expense_report_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_report_events_report_idx" ON "expense_report_events" USING btree ("expense_report_id","id");--> statement-breakpoint
-- Hand-written backfill: reports submitted or processed before the history existed get their events from the audit trail.
INSERT INTO "expense_report_events" ("expense_report_id", "action", "actor_id", "created_at")
SELECT a."entity_id", CASE a."action" WHEN 'submit' THEN 'submitted' ELSE 'processed' END, a."actor_id", a."created_at"
FROM "audit_events" a JOIN "expense_reports" r ON r."id" = a."entity_id"
WHERE a."entity_type" = 'expense_report' AND a."action" IN ('submit', 'process')
ORDER BY a."id";
