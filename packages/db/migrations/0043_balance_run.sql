-- Daily balances kept as runs (ADR 094): one row per account and stretch of consecutive days with the
-- same end-of-day balance and currency, instead of one row per account and day. Most accounts change on
-- few days (at the 10,000-transaction seed, 50 accounts over ten years: 181,675 account-days in about
-- 10,000 runs), and the per-day table with its two indexes was half of the database's size.
--
-- `balance_snapshot` stays as a view with the old columns, one row per account and day, so readers and
-- SQL written against the table still work; its INSTEAD OF trigger turns an insert, update or delete of a
-- day into the runs that give the same days. The writers that recompute a stretch of days write runs
-- directly (writeBalanceDays in packages/db/src/queries/balances.ts), merging with the runs beside it.
-- net_worth_daily is kept from the runs, each spread over its days, so the rollup is the same as before.
CREATE TABLE "balance_run" (
	"account_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"balance_minor" bigint NOT NULL,
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	-- The key carries the run's end and balance, so finding the run that holds a day is an index-only probe.
	CONSTRAINT "balance_run_pk" PRIMARY KEY("account_id","from_date") INCLUDE ("to_date","balance_minor","currency"),
	CONSTRAINT "balance_run_ordered" CHECK ("to_date" >= "from_date")
);
--> statement-breakpoint
ALTER TABLE "balance_run" ADD CONSTRAINT "balance_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "balance_run" ADD CONSTRAINT "balance_run_account_id_financial_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."financial_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "balance_run_user_idx" ON "balance_run" USING btree ("user_id");
--> statement-breakpoint
-- A day starts a new run unless the day before it has the same balance and currency.
INSERT INTO "balance_run" ("account_id", "from_date", "to_date", "balance_minor", "user_id", "currency")
SELECT account_id, min(date), max(date), balance_minor, user_id, currency
FROM (
  SELECT account_id, date, balance_minor, user_id, currency, sum(starts) OVER (PARTITION BY account_id ORDER BY date) AS run
  FROM (
    SELECT s.*,
      CASE WHEN lag(date) OVER w = date - 1 AND lag(balance_minor) OVER w = balance_minor
        AND lag(currency) OVER w = currency THEN 0 ELSE 1 END AS starts
    FROM "balance_snapshot" s
    WINDOW w AS (PARTITION BY account_id ORDER BY date)
  ) marked
) numbered
GROUP BY account_id, run, balance_minor, user_id, currency;
--> statement-breakpoint
-- Dropping the table drops its rollup triggers; the rollup already holds these days.
DROP TABLE "balance_snapshot";
--> statement-breakpoint
DROP FUNCTION net_worth_daily_snapshot_trigger();
--> statement-breakpoint
CREATE VIEW "balance_snapshot" AS
SELECT r.user_id, r.account_id, r.from_date + i AS date, r.balance_minor, r.currency
FROM "balance_run" r CROSS JOIN LATERAL generate_series(0, r.to_date - r.from_date) AS i;
--> statement-breakpoint
-- Runs count with the type of their account, unless it is hidden, once for each of their days (as the
-- per-day rows did: migration 0006). A run whose account is already gone was subtracted when the
-- account went (net_worth_daily_account_delete). An update that keeps a run's account, first day, balance
-- and currency (a run extended or cut short at its end) counts only the days between its old and new
-- last day; any other updated run counts as the old one removed and the new one added.
CREATE OR REPLACE FUNCTION net_worth_daily_run_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  source text;
  -- The days of the runs `s`, of visible accounts.
  days constant text := ' JOIN financial_account a ON a.id = s.account_id AND NOT a.hidden'
    || ' CROSS JOIN LATERAL generate_series(0, s.to_date - s.from_date) AS i';
  columns constant text := 'SELECT s.user_id, s.from_date + i AS date, a.type AS account_type, s.currency, s.balance_minor, ';
  same constant text := 'n.account_id = o.account_id AND n.from_date = o.from_date AND n.user_id = o.user_id'
    || ' AND n.balance_minor = o.balance_minor AND n.currency = o.currency';
  added boolean := false;
  removed boolean := false;
  shortened boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Which kinds of change the statement made, so the rollup statement reads only those (a run extended
    -- by a day, the common update, needs neither the unpaired runs nor the pruning of emptied days).
    SELECT
      EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o
        WHERE n.account_id = o.account_id AND n.from_date = o.from_date AND n.user_id = o.user_id
          AND n.balance_minor = o.balance_minor AND n.currency = o.currency)),
      EXISTS (SELECT 1 FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n
        WHERE n.account_id = o.account_id AND n.from_date = o.from_date AND n.user_id = o.user_id
          AND n.balance_minor = o.balance_minor AND n.currency = o.currency)),
      EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n
        ON n.account_id = o.account_id AND n.from_date = o.from_date AND n.user_id = o.user_id
          AND n.balance_minor = o.balance_minor AND n.currency = o.currency
        WHERE n.to_date < o.to_date)
    INTO added, removed, shortened;
  END IF;
  source := CASE TG_OP
    WHEN 'INSERT' THEN columns || '1 AS sign FROM new_rows s' || days
    WHEN 'DELETE' THEN columns || '-1 AS sign FROM old_rows s' || days
    ELSE
      'SELECT n.user_id, n.from_date + i AS date, a.type AS account_type, n.currency, n.balance_minor,'
      || ' sign(n.to_date - o.to_date)::int AS sign'
      || ' FROM old_rows o JOIN new_rows n ON ' || same
      || ' JOIN financial_account a ON a.id = n.account_id AND NOT a.hidden'
      || ' CROSS JOIN LATERAL generate_series(least(o.to_date, n.to_date) - n.from_date + 1,'
      || ' greatest(o.to_date, n.to_date) - n.from_date) AS i'
      || CASE WHEN added THEN ' UNION ALL ' || columns || '1 AS sign FROM (SELECT * FROM new_rows n WHERE NOT EXISTS'
        || ' (SELECT 1 FROM old_rows o WHERE ' || same || ')) s' || days ELSE '' END
      || CASE WHEN removed THEN ' UNION ALL ' || columns || '-1 AS sign FROM (SELECT * FROM old_rows o WHERE NOT EXISTS'
        || ' (SELECT 1 FROM new_rows n WHERE ' || same || ')) s' || days ELSE '' END
  END;
  EXECUTE net_worth_daily_bump_sql(CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT user_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT user_id FROM old_rows'
    ELSE 'SELECT user_id FROM new_rows UNION ALL SELECT user_id FROM old_rows'
  END);
  EXECUTE net_worth_daily_apply_sql(source);
  IF TG_OP = 'DELETE' OR removed OR shortened THEN
    EXECUTE net_worth_daily_prune_sql(source);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_run_insert AFTER INSERT ON "balance_run"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_run_trigger();
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_run_update AFTER UPDATE ON "balance_run"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_run_trigger();
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_run_delete AFTER DELETE ON "balance_run"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_run_trigger();
--> statement-breakpoint
-- A day written through the view: an update or delete first takes the old day out of its run (splitting
-- it), then an insert or update adds the new day as a run of its own. A day some run already covers is
-- refused as the table's primary key refused it.
CREATE OR REPLACE FUNCTION balance_snapshot_write()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  run "balance_run";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO run FROM "balance_run"
      WHERE account_id = OLD.account_id AND from_date <= OLD.date AND to_date >= OLD.date
      FOR UPDATE;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    DELETE FROM "balance_run" WHERE account_id = run.account_id AND from_date = run.from_date;
    INSERT INTO "balance_run" ("account_id", "from_date", "to_date", "balance_minor", "user_id", "currency")
    SELECT run.account_id, piece.from_date, piece.to_date, run.balance_minor, run.user_id, run.currency
    FROM (VALUES (run.from_date, OLD.date - 1), (OLD.date + 1, run.to_date)) AS piece(from_date, to_date)
    WHERE piece.to_date >= piece.from_date;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF EXISTS (
    SELECT 1 FROM "balance_run" WHERE account_id = NEW.account_id AND from_date <= NEW.date AND to_date >= NEW.date
  ) THEN
    RAISE unique_violation USING
      MESSAGE = 'duplicate key value violates unique constraint "balance_snapshot_account_id_date_pk"',
      DETAIL = format('Key (account_id, date)=(%s, %s) already exists.', NEW.account_id, NEW.date);
  END IF;
  INSERT INTO "balance_run" ("account_id", "from_date", "to_date", "balance_minor", "user_id", "currency")
  VALUES (NEW.account_id, NEW.date, NEW.date, NEW.balance_minor, NEW.user_id, NEW.currency);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER balance_snapshot_write INSTEAD OF INSERT OR UPDATE OR DELETE ON "balance_snapshot"
  FOR EACH ROW EXECUTE FUNCTION balance_snapshot_write();
