-- A search of the expense reports (`q`) reaches what is in a report through indexes, not
-- by reading five million expenses: the description by trigram, the category by its code.
CREATE INDEX IF NOT EXISTS "expenses_description_trgm_idx" ON "expenses" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expenses_code_idx" ON "expenses" ("expense_code", "expense_report_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mileage_type_idx" ON "mileage" ("type", "expense_report_id");
