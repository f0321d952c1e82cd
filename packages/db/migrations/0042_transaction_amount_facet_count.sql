-- Amount-sorted pages by number with a category or an account filter (ADR 091): per user, shown category
-- or account, and fine amount bucket, how many transactions there are in all and under each listing
-- filter, kept exact by statement-level triggers as the amount counters of migration 0040 are. A page
-- then reads only the buckets it falls in, through the amount index, instead of sorting every row of the
-- category or skipping half of them.
--
-- A fine bucket is an amount's sign, number of digits and first three digits (minor units): 12,345 and
-- 12,399 share bucket 4123, -1,234 is bucket -3123, amounts under 100 are their own bucket. Fine buckets
-- are in the amounts' order. The rows of a bucket are read from the table to test the filter, so buckets
-- are ten times narrower than migration 0040's: at the 1,000,000-row seed the largest holds 3,143 rows
-- (16,191 for the coarse ones).
--
-- Two tables: per user, shown category ('' when uncategorized) and bucket; per account and bucket (an
-- account's id is the user's alone, so that table does without the user's id and stays narrow). Each
-- transaction is counted once in each. No foreign keys, like the other counters: deleting an account or a
-- user deletes its rows, whose triggers empty these.
CREATE OR REPLACE FUNCTION transaction_amount_fine_bucket(amount bigint)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN abs(amount) < 100 THEN amount::int
    ELSE sign(amount)::int * ((length(abs(amount)::text) - 1) * 1000 + left(abs(amount)::text, 3)::int)
  END
$$;
--> statement-breakpoint
CREATE TABLE "transaction_amount_category_count" (
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	"n_uncategorized" integer NOT NULL,
	CONSTRAINT "transaction_amount_category_count_pk" PRIMARY KEY ("user_id", "category", "bucket")
);
--> statement-breakpoint
CREATE TABLE "transaction_amount_account_count" (
	"account_id" uuid NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	"n_uncategorized" integer NOT NULL,
	CONSTRAINT "transaction_amount_account_count_pk" PRIMARY KEY ("account_id", "bucket")
);
--> statement-breakpoint
-- The statement adding the signed rows of `source` to the amount counters `counters`, grouped by `keys`
-- and the buckets of `bucket` (a function of the amount): migration 0040's statement made general, with
-- its filter definitions; that migration's one-argument form now calls this one.
CREATE OR REPLACE FUNCTION transaction_amount_counts_sql(source text, keys text, counters text, bucket text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    WITH src AS (%1$s),
    flagged AS (
      SELECT user_id, account_id, sign, amount_minor, excluded, status = 'pending' AS pending,
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
CREATE OR REPLACE FUNCTION transaction_amount_counts_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT transaction_amount_counts_sql(source, 'user_id', 'transaction_amount_count', 'transaction_amount_bucket')
$$;
--> statement-breakpoint
-- The statements adding the signed rows of `source` to the counters per category and per account.
CREATE OR REPLACE FUNCTION transaction_amount_facet_counts_sql(source text)
RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT ARRAY[
    transaction_amount_counts_sql(
      source, 'user_id, category', 'transaction_amount_category_count', 'transaction_amount_fine_bucket'),
    transaction_amount_counts_sql(
      source, 'account_id', 'transaction_amount_account_count', 'transaction_amount_fine_bucket')
  ]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_amount_facet_counts_trigger()
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
  FOREACH step IN ARRAY transaction_amount_facet_counts_sql(source) LOOP
    EXECUTE step;
  END LOOP;
  IF TG_OP <> 'INSERT' THEN
    -- Buckets whose count reached zero go (every row adds 1 to n, so the other counts are zero too).
    DELETE FROM transaction_amount_category_count c
    USING (
      SELECT DISTINCT user_id, transaction_category_shown(category, category_source, category_confidence) AS category,
             transaction_amount_fine_bucket(amount_minor) AS bucket
      FROM old_rows
    ) k
    WHERE c.user_id = k.user_id AND c.category = k.category AND c.bucket = k.bucket AND c.n = 0;
    DELETE FROM transaction_amount_account_count c
    USING (SELECT DISTINCT account_id, transaction_amount_fine_bucket(amount_minor) AS bucket FROM old_rows) k
    WHERE c.account_id = k.account_id AND c.bucket = k.bucket AND c.n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_amount_facet_counts_insert AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_facet_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_amount_facet_counts_update AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_facet_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_amount_facet_counts_delete AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_facet_counts_trigger();
--> statement-breakpoint
-- The repair recount (migration 0004) recounts the facet counters too.
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
  EXECUTE transaction_counts_sql(source);
  EXECUTE transaction_amount_counts_sql(source);
  FOREACH step IN ARRAY transaction_amount_facet_counts_sql(source) LOOP
    EXECUTE step;
  END LOOP;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  step text;
BEGIN
  FOREACH step IN ARRAY transaction_amount_facet_counts_sql('SELECT *, 1 AS sign FROM "transaction"') LOOP
    EXECUTE step;
  END LOOP;
END
$$;
