-- Amount-sorted pages by number with a date filter (ADR 095): per user and month, how many transactions
-- there are in all and under each listing filter, per number of digits of the amount and per amount
-- bucket of migration 0040, kept exact by statement-level triggers as the other amount counters are.
-- A page then adds up the whole months of its range (about a dozen digit groups a month), counts the
-- days of a partial first and last month from the rows, narrows down to one digit group and then to one
-- bucket of it the same way, and skips only that bucket's rows instead of every row before the page.
--
-- A digit group is an amount's sign times its number of digits (minor units): -1234 is -4, 5 is 1, 0 is
-- 0. Groups are in the amounts' order and each holds whole buckets of migration 0040 (bucket -312 is in
-- group -4). No foreign keys, like the other counters: deleting a user deletes their rows, whose
-- triggers empty these.
--
-- The bucket functions of migrations 0040 and 0042, and the digit group, in integer arithmetic: the same
-- values as the text forms (length and leading digits of the amount written out), which cost about 0.6 µs
-- an amount; these under half of that, in every counter trigger and in the count of a partial month.
CREATE OR REPLACE FUNCTION transaction_amount_bucket(amount bigint)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (CASE WHEN amount < 0 THEN -1 ELSE 1 END * CASE
    WHEN abs(amount) < 10 THEN abs(amount)
    WHEN abs(amount) < 100 THEN 100 + abs(amount)
    WHEN abs(amount) < 1000 THEN 200 + abs(amount) / 10
    WHEN abs(amount) < 10000 THEN 300 + abs(amount) / 100
    WHEN abs(amount) < 100000 THEN 400 + abs(amount) / 1000
    WHEN abs(amount) < 1000000 THEN 500 + abs(amount) / 10000
    WHEN abs(amount) < 10000000 THEN 600 + abs(amount) / 100000
    WHEN abs(amount) < 100000000 THEN 700 + abs(amount) / 1000000
    WHEN abs(amount) < 1000000000 THEN 800 + abs(amount) / 10000000
    WHEN abs(amount) < 10000000000 THEN 900 + abs(amount) / 100000000
    WHEN abs(amount) < 100000000000 THEN 1000 + abs(amount) / 1000000000
    WHEN abs(amount) < 1000000000000 THEN 1100 + abs(amount) / 10000000000
    WHEN abs(amount) < 10000000000000 THEN 1200 + abs(amount) / 100000000000
    WHEN abs(amount) < 100000000000000 THEN 1300 + abs(amount) / 1000000000000
    WHEN abs(amount) < 1000000000000000 THEN 1400 + abs(amount) / 10000000000000
    WHEN abs(amount) < 10000000000000000 THEN 1500 + abs(amount) / 100000000000000
    WHEN abs(amount) < 100000000000000000 THEN 1600 + abs(amount) / 1000000000000000
    WHEN abs(amount) < 1000000000000000000 THEN 1700 + abs(amount) / 10000000000000000
    ELSE 1800 + abs(amount) / 100000000000000000
  END)::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_amount_fine_bucket(amount bigint)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (CASE WHEN amount < 0 THEN -1 ELSE 1 END * CASE
    WHEN abs(amount) < 100 THEN abs(amount)
    WHEN abs(amount) < 1000 THEN 2000 + abs(amount)
    WHEN abs(amount) < 10000 THEN 3000 + abs(amount) / 10
    WHEN abs(amount) < 100000 THEN 4000 + abs(amount) / 100
    WHEN abs(amount) < 1000000 THEN 5000 + abs(amount) / 1000
    WHEN abs(amount) < 10000000 THEN 6000 + abs(amount) / 10000
    WHEN abs(amount) < 100000000 THEN 7000 + abs(amount) / 100000
    WHEN abs(amount) < 1000000000 THEN 8000 + abs(amount) / 1000000
    WHEN abs(amount) < 10000000000 THEN 9000 + abs(amount) / 10000000
    WHEN abs(amount) < 100000000000 THEN 10000 + abs(amount) / 100000000
    WHEN abs(amount) < 1000000000000 THEN 11000 + abs(amount) / 1000000000
    WHEN abs(amount) < 10000000000000 THEN 12000 + abs(amount) / 10000000000
    WHEN abs(amount) < 100000000000000 THEN 13000 + abs(amount) / 100000000000
    WHEN abs(amount) < 1000000000000000 THEN 14000 + abs(amount) / 1000000000000
    WHEN abs(amount) < 10000000000000000 THEN 15000 + abs(amount) / 10000000000000
    WHEN abs(amount) < 100000000000000000 THEN 16000 + abs(amount) / 100000000000000
    WHEN abs(amount) < 1000000000000000000 THEN 17000 + abs(amount) / 1000000000000000
    ELSE 18000 + abs(amount) / 10000000000000000
  END)::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_amount_digits(amount bigint)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN amount < 0 THEN -1 ELSE 1 END * CASE
    WHEN amount = 0 THEN 0
    WHEN abs(amount) < 10 THEN 1
    WHEN abs(amount) < 100 THEN 2
    WHEN abs(amount) < 1000 THEN 3
    WHEN abs(amount) < 10000 THEN 4
    WHEN abs(amount) < 100000 THEN 5
    WHEN abs(amount) < 1000000 THEN 6
    WHEN abs(amount) < 10000000 THEN 7
    WHEN abs(amount) < 100000000 THEN 8
    WHEN abs(amount) < 1000000000 THEN 9
    WHEN abs(amount) < 10000000000 THEN 10
    WHEN abs(amount) < 100000000000 THEN 11
    WHEN abs(amount) < 1000000000000 THEN 12
    WHEN abs(amount) < 10000000000000 THEN 13
    WHEN abs(amount) < 100000000000000 THEN 14
    WHEN abs(amount) < 1000000000000000 THEN 15
    WHEN abs(amount) < 10000000000000000 THEN 16
    WHEN abs(amount) < 100000000000000000 THEN 17
    WHEN abs(amount) < 1000000000000000000 THEN 18
    ELSE 19
  END
$$;
--> statement-breakpoint
CREATE TABLE "transaction_amount_month_count" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	"n_uncategorized" integer NOT NULL,
	CONSTRAINT "transaction_amount_month_count_pk" PRIMARY KEY ("user_id", "month", "bucket")
);
--> statement-breakpoint
-- The same per digit group: `bucket` holds transaction_amount_digits.
CREATE TABLE "transaction_amount_digits_month_count" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	"n_uncategorized" integer NOT NULL,
	CONSTRAINT "transaction_amount_digits_month_count_pk" PRIMARY KEY ("user_id", "month", "bucket")
);
--> statement-breakpoint
-- Migration 0042's general statement, its rows now also carrying their month, so counters can be kept
-- per month (`keys` 'user_id, month'). The other counters do not read it.
CREATE OR REPLACE FUNCTION transaction_amount_counts_sql(source text, keys text, counters text, bucket text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    WITH src AS (%1$s),
    flagged AS (
      SELECT user_id, account_id, date_trunc('month', date)::date AS month, sign, amount_minor, excluded,
             status = 'pending' AS pending,
             %4$s(amount_minor) AS bucket,
             transaction_category_shown(category, category_source, category_confidence) AS category,
             transfer_pair_id IS NOT NULL
               OR transaction_category_shown(category, category_source, category_confidence) = 'TRANSFER'
               AS transfer
      FROM src
    ),
    delta AS (
      SELECT %2$s, bucket,
             sum(sign)::int AS n,
             coalesce(sum(sign) FILTER (WHERE amount_minor > 0 AND NOT excluded AND NOT transfer), 0)::int AS n_income,
             coalesce(sum(sign) FILTER (WHERE amount_minor < 0 AND NOT excluded AND NOT transfer), 0)::int AS n_expense,
             coalesce(sum(sign) FILTER (WHERE pending), 0)::int AS n_pending,
             coalesce(sum(sign) FILTER (WHERE transfer), 0)::int AS n_transfer,
             coalesce(sum(sign) FILTER (WHERE excluded), 0)::int AS n_excluded,
             coalesce(sum(sign) FILTER (WHERE category = ''), 0)::int AS n_uncategorized
      FROM flagged
      GROUP BY %2$s, bucket
    )
    INSERT INTO %3$I AS c
      (%2$s, bucket, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized)
    SELECT %2$s, bucket, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized
    FROM delta
    WHERE n <> 0 OR n_income <> 0 OR n_expense <> 0 OR n_pending <> 0 OR n_transfer <> 0 OR n_excluded <> 0
       OR n_uncategorized <> 0
    ORDER BY %2$s, bucket
    ON CONFLICT (%2$s, bucket) DO UPDATE SET
      n = c.n + excluded.n,
      n_income = c.n_income + excluded.n_income,
      n_expense = c.n_expense + excluded.n_expense,
      n_pending = c.n_pending + excluded.n_pending,
      n_transfer = c.n_transfer + excluded.n_transfer,
      n_excluded = c.n_excluded + excluded.n_excluded,
      n_uncategorized = c.n_uncategorized + excluded.n_uncategorized
  $sql$, source, keys, counters, bucket)
$$;
--> statement-breakpoint
-- The statements adding the signed rows of `source` to the counters per month.
CREATE OR REPLACE FUNCTION transaction_amount_month_counts_sql(source text)
RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT ARRAY[
    transaction_amount_counts_sql(
      source, 'user_id, month', 'transaction_amount_month_count', 'transaction_amount_bucket'),
    transaction_amount_counts_sql(
      source, 'user_id, month', 'transaction_amount_digits_month_count', 'transaction_amount_digits')
  ]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_amount_month_counts_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
  step text;
BEGIN
  FOREACH step IN ARRAY transaction_amount_month_counts_sql(source) LOOP
    EXECUTE step;
  END LOOP;
  IF TG_OP <> 'INSERT' THEN
    -- Counters that reached zero go (every row adds 1 to n, so the other counts are zero too).
    DELETE FROM transaction_amount_month_count c
    USING (
      SELECT DISTINCT user_id, date_trunc('month', date)::date AS month,
             transaction_amount_bucket(amount_minor) AS bucket
      FROM old_rows
    ) k
    WHERE c.user_id = k.user_id AND c.month = k.month AND c.bucket = k.bucket AND c.n = 0;
    DELETE FROM transaction_amount_digits_month_count c
    USING (
      SELECT DISTINCT user_id, date_trunc('month', date)::date AS month,
             transaction_amount_digits(amount_minor) AS bucket
      FROM old_rows
    ) k
    WHERE c.user_id = k.user_id AND c.month = k.month AND c.bucket = k.bucket AND c.n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_amount_month_counts_insert AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_month_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_amount_month_counts_update AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_month_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_amount_month_counts_delete AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_month_counts_trigger();
--> statement-breakpoint
-- The repair recount (migration 0004) recounts the counters per month too.
CREATE OR REPLACE FUNCTION transaction_counts_rebuild(target_user text)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  source text := format('SELECT *, 1 AS sign FROM "transaction" WHERE user_id = %L', target_user);
  step text;
BEGIN
  DELETE FROM transaction_month_count WHERE user_id = target_user;
  DELETE FROM transaction_year_count WHERE user_id = target_user;
  DELETE FROM transaction_month_total WHERE user_id = target_user;
  DELETE FROM transaction_amount_count WHERE user_id = target_user;
  DELETE FROM transaction_amount_category_count WHERE user_id = target_user;
  DELETE FROM transaction_amount_account_count
  WHERE account_id IN (SELECT id FROM financial_account WHERE user_id = target_user);
  DELETE FROM transaction_amount_month_count WHERE user_id = target_user;
  DELETE FROM transaction_amount_digits_month_count WHERE user_id = target_user;
  EXECUTE transaction_counts_sql(source);
  EXECUTE transaction_amount_counts_sql(source);
  FOREACH step IN ARRAY transaction_amount_facet_counts_sql(source) LOOP
    EXECUTE step;
  END LOOP;
  FOREACH step IN ARRAY transaction_amount_month_counts_sql(source) LOOP
    EXECUTE step;
  END LOOP;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  step text;
BEGIN
  FOREACH step IN ARRAY transaction_amount_month_counts_sql('SELECT *, 1 AS sign FROM "transaction"') LOOP
    EXECUTE step;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The days of a partial first or last month are counted per bucket from the rows: with the amount carried
-- in the date index that count is index-only (about 4,400 rows in half a month at the 1,000,000-row seed:
-- 8 ms warm and 73 ms cold through the table, where they lie one to a page).
DROP INDEX IF EXISTS "transaction_user_date_idx";
--> statement-breakpoint
CREATE INDEX "transaction_user_date_idx" ON "transaction" USING btree ("user_id", "date" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("amount_minor");
--> statement-breakpoint
-- An amount-sorted page with an account filter reads its buckets' amount range along the amount index and
-- tests each row's account (ADR 091): with the account carried in the index that test is index-only too
-- (at the 1,000,000-row seed the middle page of one card's 20,034 rows walks 1,130 of the user's rows,
-- 1,066 of them other accounts', each read from the table before). Keys as before (migration 0039).
DROP INDEX IF EXISTS "transaction_user_amount_idx";
--> statement-breakpoint
CREATE INDEX "transaction_user_amount_idx" ON "transaction" USING btree ("user_id", "amount_minor", "id")
  INCLUDE ("date", "name", "merchant_name", "account_id");
