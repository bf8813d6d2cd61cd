-- A 10 MB import (140,000 donations) spent about 1.2 s of its 4.5 s in PostgreSQL on the
-- three foreign keys of `donations` — upload_id, user_id, hold_account_id — each row paying one key
-- lookup (an SPI query and a row lock) per reference, though an import names one upload, a few dozen
-- missionaries and a few hold accounts. The same rule is now checked once per statement, over the
-- statement's distinct values (bench: node --import tsx bench/import-profile.ts; docs/performance.md):
-- * inserting donations: every distinct upload, user and hold account the new rows name must exist,
--   and is locked FOR KEY SHARE, as a foreign key's own check locks it, so a concurrent delete of it
--   waits for this transaction and then sees its rows;
-- * changing a donation's reference (the app never does): the same check for the changed row;
-- * deleting (or renumbering) a user, hold account or upload that a donation names is refused with
--   SQLSTATE 23503, as `ON DELETE NO ACTION` did; the app's "has records" answers read that code.
-- Every writer runs READ COMMITTED (each statement of a trigger sees what committed before it), which
-- the delete-side check relies on. distribution_id keeps its foreign key (it is NULL on insert).
-- Tested in src/server/db/donation-references.test.ts (PGlite and PostgreSQL) and
-- donation-references.pg-test.ts (a delete racing an insert, both orders).
ALTER TABLE "donations" DROP CONSTRAINT "donations_upload_id_donation_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_hold_account_id_hold_accounts_id_fk";
--> statement-breakpoint
CREATE FUNCTION "donations_lock_references"("uploads" integer[], "missionaries" integer[], "holds" integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "present" integer;
BEGIN
  SELECT count(*) INTO "present" FROM (SELECT 1 FROM "donation_uploads" WHERE "id" = ANY("uploads") FOR KEY SHARE) l;
  IF "present" <> cardinality("uploads") THEN
    RAISE EXCEPTION 'insert or update on table "donations" violates the reference "donations_upload_id_check"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'donations_upload_id_check',
        DETAIL = 'A donation names an upload that does not exist.';
  END IF;
  SELECT count(*) INTO "present" FROM (SELECT 1 FROM "users" WHERE "id" = ANY("missionaries") FOR KEY SHARE) l;
  IF "present" <> cardinality("missionaries") THEN
    RAISE EXCEPTION 'insert or update on table "donations" violates the reference "donations_user_id_check"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'donations_user_id_check',
        DETAIL = 'A donation names a user that does not exist.';
  END IF;
  SELECT count(*) INTO "present" FROM (SELECT 1 FROM "hold_accounts" WHERE "id" = ANY("holds") FOR KEY SHARE) l;
  IF "present" <> cardinality("holds") THEN
    RAISE EXCEPTION 'insert or update on table "donations" violates the reference "donations_hold_account_id_check"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'donations_hold_account_id_check',
        DETAIL = 'A donation names a hold account that does not exist.';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "donations_check_inserted_references"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "donations_lock_references"(
    ARRAY(SELECT DISTINCT "upload_id" FROM new_rows WHERE "upload_id" IS NOT NULL),
    ARRAY(SELECT DISTINCT "user_id" FROM new_rows WHERE "user_id" IS NOT NULL),
    ARRAY(SELECT DISTINCT "hold_account_id" FROM new_rows WHERE "hold_account_id" IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "donations_references_insert" AFTER INSERT ON "donations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donations_check_inserted_references"();
--> statement-breakpoint
CREATE FUNCTION "donations_check_changed_references"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "donations_lock_references"(
    ARRAY(SELECT NEW."upload_id" WHERE NEW."upload_id" IS NOT NULL),
    ARRAY(SELECT NEW."user_id" WHERE NEW."user_id" IS NOT NULL),
    ARRAY(SELECT NEW."hold_account_id" WHERE NEW."hold_account_id" IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "donations_references_update" AFTER UPDATE OF "upload_id", "user_id", "hold_account_id" ON "donations"
  FOR EACH ROW WHEN (
    NEW."upload_id" IS DISTINCT FROM OLD."upload_id"
    OR NEW."user_id" IS DISTINCT FROM OLD."user_id"
    OR NEW."hold_account_id" IS DISTINCT FROM OLD."hold_account_id"
  ) EXECUTE FUNCTION "donations_check_changed_references"();
--> statement-breakpoint
-- On users, hold_accounts and donation_uploads; TG_ARGV[0] is the donations column that names them.
CREATE FUNCTION "donations_refuse_removing_referenced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "referenced" boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format(
      'SELECT EXISTS (SELECT 1 FROM old_rows o WHERE EXISTS (SELECT 1 FROM "donations" d WHERE d.%I = o."id"))',
      TG_ARGV[0]) INTO "referenced";
  ELSE
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM "donations" d WHERE d.%I = $1)', TG_ARGV[0])
      INTO "referenced" USING OLD."id";
  END IF;
  IF "referenced" THEN
    RAISE EXCEPTION 'update or delete on table "%" violates the reference "donations_%_check" from table "donations"',
        TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = format('donations_%s_check', TG_ARGV[0]),
        DETAIL = 'A donation still names it.';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "donations_references_user_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "donations_refuse_removing_referenced"('user_id');
--> statement-breakpoint
CREATE TRIGGER "donations_references_user_renumber" AFTER UPDATE OF "id" ON "users"
  FOR EACH ROW WHEN (NEW."id" IS DISTINCT FROM OLD."id")
  EXECUTE FUNCTION "donations_refuse_removing_referenced"('user_id');
--> statement-breakpoint
CREATE TRIGGER "donations_references_hold_account_delete" AFTER DELETE ON "hold_accounts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "donations_refuse_removing_referenced"('hold_account_id');
--> statement-breakpoint
CREATE TRIGGER "donations_references_hold_account_renumber" AFTER UPDATE OF "id" ON "hold_accounts"
  FOR EACH ROW WHEN (NEW."id" IS DISTINCT FROM OLD."id")
  EXECUTE FUNCTION "donations_refuse_removing_referenced"('hold_account_id');
--> statement-breakpoint
CREATE TRIGGER "donations_references_upload_delete" AFTER DELETE ON "donation_uploads"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "donations_refuse_removing_referenced"('upload_id');
--> statement-breakpoint
CREATE TRIGGER "donations_references_upload_renumber" AFTER UPDATE OF "id" ON "donation_uploads"
  FOR EACH ROW WHEN (NEW."id" IS DISTINCT FROM OLD."id")
  EXECUTE FUNCTION "donations_refuse_removing_referenced"('upload_id');
