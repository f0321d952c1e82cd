-- Net worth history and exchange rates (docs/analytics-api.md).
--
-- 1. fx_rate: the ECB's daily reference rates, units of `currency` per 1 EUR (shared reference data, not
--    owned by a user); fx_manual_rate: rates a user enters (1 base = rate quote from `date` on);
--    fx_fetch_state: one row recording the last successful fetch of the ECB feed.
-- 2. net_worth_daily: per user, day, account type and currency, the sum of the day's balance snapshots of
--    the user's visible (not hidden) accounts and how many accounts it covers. Triggers on balance_snapshot,
--    financial_account and "user" keep it exact inside the writing transaction by adding signed deltas (so a
--    write costs what it changed, not the user's history), and a ten-year chart reads ~15,000 rows instead
--    of aggregating ~180,000 snapshots per request.
CREATE TABLE "fx_rate" (
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"per_eur" numeric NOT NULL,
	"source" text DEFAULT 'ecb' NOT NULL,
	CONSTRAINT "fx_rate_currency_date_pk" PRIMARY KEY("currency","date"),
	CONSTRAINT "fx_rate_positive" CHECK ("per_eur" > 0)
);
--> statement-breakpoint
CREATE TABLE "fx_manual_rate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_manual_rate_positive" CHECK ("rate" > 0),
	CONSTRAINT "fx_manual_rate_pair" CHECK ("base" <> "quote")
);
--> statement-breakpoint
ALTER TABLE "fx_manual_rate" ADD CONSTRAINT "fx_manual_rate_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "fx_manual_rate_user_pair_date_idx" ON "fx_manual_rate" USING btree ("user_id","base","quote","date");
--> statement-breakpoint
CREATE TABLE "fx_fetch_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_fetched_at" timestamp with time zone NOT NULL,
	"last_count" integer NOT NULL,
	CONSTRAINT "fx_fetch_state_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- No foreign key to "user": the triggers below may still write a row of a user whose deletion is cascading
-- (it would fail the key); a statement trigger on "user" removes the rows once the cascade is done.
CREATE TABLE "net_worth_daily" (
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"account_type" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint NOT NULL,
	"account_count" integer NOT NULL,
	-- The balances ride in the key's index, so a history read is an index-only range scan.
	CONSTRAINT "net_worth_daily_pk" PRIMARY KEY("user_id","date","account_type","currency") INCLUDE ("balance_minor","account_count")
);
--> statement-breakpoint
-- Bumped by every trigger below before it touches a user's rollup rows: readers cache a user's history and
-- check this one row, and taking this row lock first serialises a user's rollup writers in one order (no
-- deadlock between their rollup rows).
CREATE TABLE "net_worth_daily_version" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION net_worth_daily_bump_sql(users text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    INSERT INTO net_worth_daily_version AS v (user_id, version)
    SELECT DISTINCT user_id, 1 FROM (%s) u ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
  $sql$, users)
$$;
--> statement-breakpoint
-- The statement that adds signed snapshot rows to the rollup. `source` yields (user_id, date, account_type,
-- currency, balance_minor, sign): +1 for a row that now counts, -1 for one that no longer does. Returned as
-- text and run by EXECUTE in the trigger functions themselves, because a trigger's transition tables are
-- visible only there. Deltas commute; rows whose count reaches zero are removed afterwards
-- (net_worth_daily_prune_sql).
CREATE OR REPLACE FUNCTION net_worth_daily_apply_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    INSERT INTO net_worth_daily AS n (user_id, date, account_type, currency, balance_minor, account_count)
    SELECT user_id, date, account_type, currency, sum(sign * balance_minor)::bigint, sum(sign)::int
    FROM (%s) src
    GROUP BY user_id, date, account_type, currency
    HAVING sum(sign) <> 0 OR sum(sign * balance_minor) <> 0
    ORDER BY user_id, date, account_type, currency
    ON CONFLICT (user_id, date, account_type, currency) DO UPDATE SET
      balance_minor = n.balance_minor + excluded.balance_minor,
      account_count = n.account_count + excluded.account_count
  $sql$, source)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION net_worth_daily_prune_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    DELETE FROM net_worth_daily n
    USING (SELECT user_id, min(date) AS first_day, max(date) AS last_day FROM (%s) src GROUP BY user_id) k
    WHERE n.user_id = k.user_id AND n.date BETWEEN k.first_day AND k.last_day AND n.account_count = 0
  $sql$, source)
$$;
--> statement-breakpoint
-- Snapshot rows count with the type of their account, unless it is hidden. A deleted snapshot whose account
-- is already gone was subtracted when the account went (net_worth_daily_account_delete), so it no longer
-- joins here.
CREATE OR REPLACE FUNCTION net_worth_daily_snapshot_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  source text;
  visible constant text := ' s JOIN financial_account a ON a.id = s.account_id AND NOT a.hidden';
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT s.user_id, s.date, a.type AS account_type, s.currency, s.balance_minor, 1 AS sign FROM new_rows' || visible
    WHEN 'DELETE' THEN
      'SELECT s.user_id, s.date, a.type AS account_type, s.currency, s.balance_minor, -1 AS sign FROM old_rows' || visible
    ELSE
      'SELECT s.user_id, s.date, a.type AS account_type, s.currency, s.balance_minor, 1 AS sign FROM new_rows' || visible ||
      ' UNION ALL ' ||
      'SELECT s.user_id, s.date, a.type AS account_type, s.currency, s.balance_minor, -1 AS sign FROM old_rows' || visible
  END;
  EXECUTE net_worth_daily_bump_sql(CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT user_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT user_id FROM old_rows'
    ELSE 'SELECT user_id FROM new_rows UNION ALL SELECT user_id FROM old_rows'
  END);
  EXECUTE net_worth_daily_apply_sql(source);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE net_worth_daily_prune_sql(source);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_snapshot_insert AFTER INSERT ON "balance_snapshot"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_snapshot_trigger();
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_snapshot_update AFTER UPDATE ON "balance_snapshot"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_snapshot_trigger();
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_snapshot_delete AFTER DELETE ON "balance_snapshot"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_snapshot_trigger();
--> statement-breakpoint
-- Hiding or showing an account, or changing its type, moves its whole history: its snapshots leave the old
-- (type, visible) and join the new one. Balance updates (the common case) change neither and cost one join
-- of the updated rows. Amounts are grouped by the snapshot's own currency, which recomputing keeps current.
CREATE OR REPLACE FUNCTION net_worth_daily_account_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  source constant text := $src$
    SELECT o.user_id, s.date, o.type AS account_type, s.currency, s.balance_minor, -1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN balance_snapshot s ON s.account_id = o.id
    WHERE NOT o.hidden AND (o.hidden IS DISTINCT FROM n.hidden OR o.type IS DISTINCT FROM n.type)
    UNION ALL
    SELECT n.user_id, s.date, n.type AS account_type, s.currency, s.balance_minor, 1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN balance_snapshot s ON s.account_id = n.id
    WHERE NOT n.hidden AND (o.hidden IS DISTINCT FROM n.hidden OR o.type IS DISTINCT FROM n.type)
  $src$;
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.hidden IS DISTINCT FROM n.hidden OR o.type IS DISTINCT FROM n.type
  ) THEN
    EXECUTE net_worth_daily_bump_sql(
      'SELECT n.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id ' ||
      'WHERE o.hidden IS DISTINCT FROM n.hidden OR o.type IS DISTINCT FROM n.type');
    EXECUTE net_worth_daily_apply_sql(source);
    EXECUTE net_worth_daily_prune_sql(source);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_account_update AFTER UPDATE ON "financial_account"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_account_trigger();
--> statement-breakpoint
-- A deleted account takes its history out before its snapshots cascade away (they then no longer join an
-- account in net_worth_daily_snapshot_trigger, so nothing is subtracted twice). Row-level and BEFORE,
-- because once the row is gone its type and hidden flag are no longer known.
CREATE OR REPLACE FUNCTION net_worth_daily_account_delete()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  source text;
BEGIN
  IF NOT OLD.hidden THEN
    EXECUTE net_worth_daily_bump_sql(format('SELECT %L::text AS user_id', OLD.user_id));
    source := format(
      'SELECT user_id, date, %L::text AS account_type, currency, balance_minor, -1 AS sign FROM balance_snapshot WHERE account_id = %L::uuid',
      OLD.type, OLD.id);
    EXECUTE net_worth_daily_apply_sql(source);
    EXECUTE net_worth_daily_prune_sql(source);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_account_delete BEFORE DELETE ON "financial_account"
  FOR EACH ROW EXECUTE FUNCTION net_worth_daily_account_delete();
--> statement-breakpoint
-- A deleted user's rows go once the whole cascade is done: at that point whatever order the cascades ran in
-- (and whichever of the triggers above saw the accounts still there) no longer matters.
CREATE OR REPLACE FUNCTION net_worth_daily_user_delete()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM net_worth_daily n USING old_rows o WHERE n.user_id = o.id;
  DELETE FROM net_worth_daily_version v USING old_rows o WHERE v.user_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER net_worth_daily_user_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION net_worth_daily_user_delete();
--> statement-breakpoint
-- Re-aggregates all of one user's history from their snapshots (repair; bulk loads that bypassed the
-- triggers). Run it while nothing else writes that user's snapshots.
CREATE OR REPLACE FUNCTION net_worth_daily_rebuild(target_user text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  EXECUTE net_worth_daily_bump_sql(format('SELECT %L::text AS user_id', target_user));
  DELETE FROM net_worth_daily WHERE user_id = target_user;
  INSERT INTO net_worth_daily (user_id, date, account_type, currency, balance_minor, account_count)
  SELECT s.user_id, s.date, a.type, s.currency, sum(s.balance_minor)::bigint, count(*)::int
  FROM balance_snapshot s
  JOIN financial_account a ON a.id = s.account_id AND NOT a.hidden
  WHERE s.user_id = target_user
  GROUP BY s.user_id, s.date, a.type, s.currency;
END
$$;
--> statement-breakpoint
INSERT INTO net_worth_daily (user_id, date, account_type, currency, balance_minor, account_count)
SELECT s.user_id, s.date, a.type, s.currency, sum(s.balance_minor)::bigint, count(*)::int
FROM balance_snapshot s
JOIN financial_account a ON a.id = s.account_id AND NOT a.hidden
GROUP BY s.user_id, s.date, a.type, s.currency;
