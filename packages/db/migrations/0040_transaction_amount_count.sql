-- Amount-sorted pages by number at any depth (ADR 086): per user and amount bucket, how many transactions
-- there are in all and under each listing filter, kept exact by statement-level triggers as the monthly
-- totals are (migration 0004). A page then starts at its bucket's first amount and skips at most one
-- bucket's rows instead of every row before it.
--
-- A bucket is an amount's sign, number of digits and first two digits (minor units): -1234 and -1299 share
-- bucket -312, 5 is bucket 5, 0 is bucket 0. Buckets are in the amounts' order, so the rows before a
-- bucket are exactly those of the buckets before it. About 720 buckets at the 1,000,000-row seed, the
-- largest 16,191 rows.
CREATE OR REPLACE FUNCTION transaction_amount_bucket(amount bigint)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN amount = 0 THEN 0
    WHEN abs(amount) < 10 THEN amount::int
    ELSE sign(amount)::int * ((length(abs(amount)::text) - 1) * 100 + left(abs(amount)::text, 2)::int)
  END
$$;
--> statement-breakpoint
CREATE TABLE "transaction_amount_count" (
	"user_id" text NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	"n_uncategorized" integer NOT NULL,
	CONSTRAINT "transaction_amount_count_pk" PRIMARY KEY ("user_id", "bucket")
);
--> statement-breakpoint
-- The statement adding the signed rows of `source` to the amount counters (as transaction_counts_sql of
-- migration 0004 does to the monthly ones, with the same filter definitions).
CREATE OR REPLACE FUNCTION transaction_amount_counts_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    WITH src AS (%s),
    flagged AS (
      SELECT user_id, sign, amount_minor, excluded, status = 'pending' AS pending,
             transaction_amount_bucket(amount_minor) AS bucket,
             transaction_category_shown(category, category_source, category_confidence) AS category,
             transfer_pair_id IS NOT NULL
               OR transaction_category_shown(category, category_source, category_confidence) = 'TRANSFER'
               AS transfer
      FROM src
    ),
    delta AS (
      SELECT user_id, bucket,
             sum(sign)::int AS n,
             coalesce(sum(sign) FILTER (WHERE amount_minor > 0 AND NOT excluded AND NOT transfer), 0)::int AS n_income,
             coalesce(sum(sign) FILTER (WHERE amount_minor < 0 AND NOT excluded AND NOT transfer), 0)::int AS n_expense,
             coalesce(sum(sign) FILTER (WHERE pending), 0)::int AS n_pending,
             coalesce(sum(sign) FILTER (WHERE transfer), 0)::int AS n_transfer,
             coalesce(sum(sign) FILTER (WHERE excluded), 0)::int AS n_excluded,
             coalesce(sum(sign) FILTER (WHERE category = ''), 0)::int AS n_uncategorized
      FROM flagged
      GROUP BY user_id, bucket
    )
    INSERT INTO transaction_amount_count AS c
      (user_id, bucket, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized)
    SELECT user_id, bucket, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized
    FROM delta
    WHERE n <> 0 OR n_income <> 0 OR n_expense <> 0 OR n_pending <> 0 OR n_transfer <> 0 OR n_excluded <> 0
       OR n_uncategorized <> 0
    ORDER BY user_id, bucket
    ON CONFLICT (user_id, bucket) DO UPDATE SET
      n = c.n + excluded.n,
      n_income = c.n_income + excluded.n_income,
      n_expense = c.n_expense + excluded.n_expense,
      n_pending = c.n_pending + excluded.n_pending,
      n_transfer = c.n_transfer + excluded.n_transfer,
      n_excluded = c.n_excluded + excluded.n_excluded,
      n_uncategorized = c.n_uncategorized + excluded.n_uncategorized
  $sql$, source)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_amount_counts_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE transaction_amount_counts_sql('SELECT *, 1 AS sign FROM new_rows');
  ELSE
    IF TG_OP = 'DELETE' THEN
      EXECUTE transaction_amount_counts_sql('SELECT *, -1 AS sign FROM old_rows');
    ELSE
      EXECUTE transaction_amount_counts_sql(
        'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows');
    END IF;
    -- Buckets whose count reached zero go (every row adds 1 to n, so the other counts are zero too).
    DELETE FROM transaction_amount_count c
    USING (SELECT DISTINCT user_id, transaction_amount_bucket(amount_minor) AS bucket FROM old_rows) k
    WHERE c.user_id = k.user_id AND c.bucket = k.bucket AND c.n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_amount_counts_insert AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_amount_counts_update AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_amount_counts_delete AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_amount_counts_trigger();
--> statement-breakpoint
-- The repair recount (migration 0004) recounts the amount counters too.
CREATE OR REPLACE FUNCTION transaction_counts_rebuild(target_user text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM transaction_month_count WHERE user_id = target_user;
  DELETE FROM transaction_year_count WHERE user_id = target_user;
  DELETE FROM transaction_month_total WHERE user_id = target_user;
  DELETE FROM transaction_amount_count WHERE user_id = target_user;
  EXECUTE transaction_counts_sql(format(
    'SELECT *, 1 AS sign FROM "transaction" WHERE user_id = %L', target_user));
  EXECUTE transaction_amount_counts_sql(format(
    'SELECT *, 1 AS sign FROM "transaction" WHERE user_id = %L', target_user));
END
$$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE transaction_amount_counts_sql('SELECT *, 1 AS sign FROM "transaction"'); END $$;
