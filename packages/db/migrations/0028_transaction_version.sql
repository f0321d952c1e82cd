-- A version per user, bumped once per statement that inserts, updates or deletes any of their transactions
-- (GET /insights caches what it computes from a user's rows and checks this one row; ADR 054). Statement-level
-- with transition tables, like the rollups of 0008: a 100,000-row import bumps it 20 times, not 100,000.
-- No foreign key, like the rollups: a deleted user's row goes with the user (trigger at the end).
CREATE TABLE "transaction_version" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_version_bump()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Rows deleted by the cascade of a user's deletion leave no version behind.
    INSERT INTO transaction_version AS v (user_id, version)
    SELECT DISTINCT o.user_id, 1 FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "user" u WHERE u.id = o.user_id)
    ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSE
    -- An update that moved rows between users is not something the app does; new_rows' users suffice.
    INSERT INTO transaction_version AS v (user_id, version)
    SELECT DISTINCT user_id, 1 FROM new_rows ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_version_insert AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_version_bump();
--> statement-breakpoint
CREATE TRIGGER transaction_version_update AFTER UPDATE ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_version_bump();
--> statement-breakpoint
CREATE TRIGGER transaction_version_delete AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_version_bump();
--> statement-breakpoint
-- A deleted user's version goes with them, whichever order the cascades run in.
CREATE OR REPLACE FUNCTION transaction_version_user_delete()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM transaction_version v USING old_rows o WHERE v.user_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_version_user_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_version_user_delete();
