ALTER TABLE "expenses" ADD COLUMN "currency" varchar(3);
--> statement-breakpoint
-- Decision 22: expenses stored before the column existed are USD at rate 1, unknown otherwise.
UPDATE "expenses" SET "currency" = 'USD' WHERE "exchange_rate" = 1;
