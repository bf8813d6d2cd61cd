CREATE TABLE "list_count_deltas" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"archived" boolean,
	"submitted" boolean,
	"processed" boolean,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Exact totals of the unfiltered million-row lists without counting them per request.
-- Statement-level triggers append the net change of each state a statement moved (writers never
-- wait on a shared counter row); TRUNCATE clears the list's rows. See src/server/http/list-counts.ts.
CREATE FUNCTION "count_expense_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_count_deltas" WHERE "list" = 'expense_reports';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "list_count_deltas" ("list", "archived", "submitted", "processed", "n")
    SELECT 'expense_reports', "archived_at" IS NOT NULL, "submitted", "processed", count(*)
    FROM new_rows GROUP BY 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_count_deltas" ("list", "archived", "submitted", "processed", "n")
    SELECT 'expense_reports', "archived_at" IS NOT NULL, "submitted", "processed", -count(*)
    FROM old_rows GROUP BY 2, 3, 4;
  ELSE
    INSERT INTO "list_count_deltas" ("list", "archived", "submitted", "processed", "n")
    SELECT 'expense_reports', "archived", "submitted", "processed", sum("n")
    FROM (
      SELECT "archived_at" IS NOT NULL AS "archived", "submitted", "processed", 1 AS "n" FROM new_rows
      UNION ALL
      SELECT "archived_at" IS NOT NULL, "submitted", "processed", -1 FROM old_rows
    ) AS "moved"
    GROUP BY 2, 3, 4 HAVING sum("n") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "expense_reports_count_insert" AFTER INSERT ON "expense_reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_expense_reports"();
--> statement-breakpoint
CREATE TRIGGER "expense_reports_count_update" AFTER UPDATE ON "expense_reports"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_expense_reports"();
--> statement-breakpoint
CREATE TRIGGER "expense_reports_count_delete" AFTER DELETE ON "expense_reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_expense_reports"();
--> statement-breakpoint
CREATE TRIGGER "expense_reports_count_truncate" AFTER TRUNCATE ON "expense_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_expense_reports"();
--> statement-breakpoint
CREATE FUNCTION "count_donations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_count_deltas" WHERE "list" = 'donations';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "list_count_deltas" ("list", "n") SELECT 'donations', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO "list_count_deltas" ("list", "n") SELECT 'donations', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "donations_count_insert" AFTER INSERT ON "donations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_donations"();
--> statement-breakpoint
CREATE TRIGGER "donations_count_delete" AFTER DELETE ON "donations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_donations"();
--> statement-breakpoint
CREATE TRIGGER "donations_count_truncate" AFTER TRUNCATE ON "donations"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_donations"();
--> statement-breakpoint
INSERT INTO "list_count_deltas" ("list", "archived", "submitted", "processed", "n")
SELECT 'expense_reports', "archived_at" IS NOT NULL, "submitted", "processed", count(*)
FROM "expense_reports" GROUP BY 2, 3, 4;
--> statement-breakpoint
INSERT INTO "list_count_deltas" ("list", "n") SELECT 'donations', count(*) FROM "donations" HAVING count(*) > 0;
