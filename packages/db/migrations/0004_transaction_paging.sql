-- Transaction listing at scale (docs/decisions/007-transaction-paging-at-scale.md).
--
-- 1. transaction_category_shown(): the category a row shows (spec §5: one of the twelve categories, always
--    trusted when the user or a rule set it, else only at confidence >= 0.7), '' for Uncategorized: the
--    domain's resolveCategory() in SQL. Listing filters, counters and indexes all use this one expression.
-- 2. transaction_month_count / transaction_year_count: per user, month (year), account and shown category,
--    how many transactions there are in all and under each listing filter; transaction_month_total: the
--    same per user and month only. Statement-level triggers keep
--    them exact inside the writing transaction, so a page's total and the start of a deep page come from a
--    few thousand counter rows instead of counting or skipping up to a million transactions.
-- 3. Indexes for the amount sorts and for the filters that match few rows.
CREATE OR REPLACE FUNCTION transaction_category_shown(category text, source text, confidence real)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN category IN ('FOOD_AND_DRINK', 'GENERAL_MERCHANDISE', 'TRANSPORTATION', 'ENTERTAINMENT', 'TRAVEL',
                      'INCOME', 'TRANSFER', 'LOAN_PAYMENTS', 'GENERAL_SERVICES', 'RENT_AND_UTILITIES',
                      'HOME_IMPROVEMENT', 'MEDICAL')
     AND (source IN ('user', 'rule') OR (confidence >= 0.7::real AND confidence <> 'NaN'::real))
    THEN category
    ELSE ''
  END
$$;
--> statement-breakpoint
CREATE TABLE "transaction_month_count" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"account_id" uuid NOT NULL,
	"category" text NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	CONSTRAINT "transaction_month_count_pk" PRIMARY KEY ("user_id", "month", "account_id", "category")
);
--> statement-breakpoint
CREATE TABLE "transaction_year_count" (
	"user_id" text NOT NULL,
	"year" date NOT NULL,
	"account_id" uuid NOT NULL,
	"category" text NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	CONSTRAINT "transaction_year_count_pk" PRIMARY KEY ("user_id", "year", "account_id", "category")
);
--> statement-breakpoint
-- The same per user and month only (about 120 rows for ten years): listings without a category or account
-- filter, the common case, read this one.
CREATE TABLE "transaction_month_total" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"n" integer NOT NULL,
	"n_income" integer NOT NULL,
	"n_expense" integer NOT NULL,
	"n_pending" integer NOT NULL,
	"n_transfer" integer NOT NULL,
	"n_excluded" integer NOT NULL,
	"n_uncategorized" integer NOT NULL,
	CONSTRAINT "transaction_month_total_pk" PRIMARY KEY ("user_id", "month")
);
--> statement-breakpoint
-- The statement that adds the signed rows of `source` (+1 inserted, -1 deleted; an update is both) to both
-- counter tables. It is returned as text and run by EXECUTE in the trigger function itself, because a
-- trigger's transition tables are visible only there (not inside a nested function call). Upserts run in
-- key order, so two writers of one user lock counter rows in the same order. No foreign keys: deleting a
-- user or an account cascades to its transactions, whose deletion empties the counters.
CREATE OR REPLACE FUNCTION transaction_counts_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    WITH src AS (%s),
    flagged AS (
      SELECT user_id, account_id, sign, amount_minor, excluded, status = 'pending' AS pending,
             date_trunc('month', date)::date AS month,
             transaction_category_shown(category, category_source, category_confidence) AS category,
             transfer_pair_id IS NOT NULL
               OR transaction_category_shown(category, category_source, category_confidence) = 'TRANSFER'
               AS transfer
      FROM src
    ),
    delta AS (
      SELECT user_id, month, account_id, category,
             sum(sign)::int AS n,
             coalesce(sum(sign) FILTER (WHERE amount_minor > 0 AND NOT excluded AND NOT transfer), 0)::int AS n_income,
             coalesce(sum(sign) FILTER (WHERE amount_minor < 0 AND NOT excluded AND NOT transfer), 0)::int AS n_expense,
             coalesce(sum(sign) FILTER (WHERE pending), 0)::int AS n_pending,
             coalesce(sum(sign) FILTER (WHERE transfer), 0)::int AS n_transfer,
             coalesce(sum(sign) FILTER (WHERE excluded), 0)::int AS n_excluded
      FROM flagged
      GROUP BY user_id, month, account_id, category
    ),
    changed AS (
      SELECT * FROM delta
      WHERE n <> 0 OR n_income <> 0 OR n_expense <> 0 OR n_pending <> 0 OR n_transfer <> 0 OR n_excluded <> 0
    ),
    months AS (
      INSERT INTO transaction_month_count AS c
        (user_id, month, account_id, category, n, n_income, n_expense, n_pending, n_transfer, n_excluded)
      SELECT user_id, month, account_id, category, n, n_income, n_expense, n_pending, n_transfer, n_excluded
      FROM changed
      ORDER BY user_id, month, account_id, category
      ON CONFLICT (user_id, month, account_id, category) DO UPDATE SET
        n = c.n + excluded.n,
        n_income = c.n_income + excluded.n_income,
        n_expense = c.n_expense + excluded.n_expense,
        n_pending = c.n_pending + excluded.n_pending,
        n_transfer = c.n_transfer + excluded.n_transfer,
        n_excluded = c.n_excluded + excluded.n_excluded
      RETURNING 1
    ),
    totals AS (
      INSERT INTO transaction_month_total AS c
        (user_id, month, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized)
      SELECT user_id, month, sum(n), sum(n_income), sum(n_expense), sum(n_pending), sum(n_transfer),
             sum(n_excluded), coalesce(sum(n) FILTER (WHERE category = ''), 0)
      FROM changed
      GROUP BY 1, 2
      ORDER BY 1, 2
      ON CONFLICT (user_id, month) DO UPDATE SET
        n = c.n + excluded.n,
        n_income = c.n_income + excluded.n_income,
        n_expense = c.n_expense + excluded.n_expense,
        n_pending = c.n_pending + excluded.n_pending,
        n_transfer = c.n_transfer + excluded.n_transfer,
        n_excluded = c.n_excluded + excluded.n_excluded,
        n_uncategorized = c.n_uncategorized + excluded.n_uncategorized
      RETURNING 1
    )
    INSERT INTO transaction_year_count AS c
      (user_id, year, account_id, category, n, n_income, n_expense, n_pending, n_transfer, n_excluded)
    SELECT user_id, date_trunc('year', month)::date, account_id, category,
           sum(n), sum(n_income), sum(n_expense), sum(n_pending), sum(n_transfer), sum(n_excluded)
    FROM changed
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, year, account_id, category) DO UPDATE SET
      n = c.n + excluded.n,
      n_income = c.n_income + excluded.n_income,
      n_expense = c.n_expense + excluded.n_expense,
      n_pending = c.n_pending + excluded.n_pending,
      n_transfer = c.n_transfer + excluded.n_transfer,
      n_excluded = c.n_excluded + excluded.n_excluded
  $sql$, source)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_counts_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE transaction_counts_sql('SELECT *, 1 AS sign FROM new_rows');
  ELSE
    IF TG_OP = 'DELETE' THEN
      EXECUTE transaction_counts_sql('SELECT *, -1 AS sign FROM old_rows');
    ELSE
      EXECUTE transaction_counts_sql(
        'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows');
    END IF;
    -- Counter rows that reached zero go, so the tables stay as small as the data they describe.
    DELETE FROM transaction_month_count c
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, account_id FROM old_rows) k
    WHERE c.user_id = k.user_id AND c.month = k.month AND c.account_id = k.account_id AND c.n = 0;
    DELETE FROM transaction_year_count c
    USING (SELECT DISTINCT user_id, date_trunc('year', date)::date AS year, account_id FROM old_rows) k
    WHERE c.user_id = k.user_id AND c.year = k.year AND c.account_id = k.account_id AND c.n = 0;
    DELETE FROM transaction_month_total c
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month FROM old_rows) k
    WHERE c.user_id = k.user_id AND c.month = k.month AND c.n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_counts_insert AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_update AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_trigger();
--> statement-breakpoint
-- Recounts one user's counters from their transactions (repair; bulk loads that bypassed triggers).
CREATE OR REPLACE FUNCTION transaction_counts_rebuild(target_user text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM transaction_month_count WHERE user_id = target_user;
  DELETE FROM transaction_year_count WHERE user_id = target_user;
  DELETE FROM transaction_month_total WHERE user_id = target_user;
  EXECUTE transaction_counts_sql(format(
    'SELECT *, 1 AS sign FROM "transaction" WHERE user_id = %L', target_user));
END
$$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE transaction_counts_sql('SELECT *, 1 AS sign FROM "transaction"'); END $$;
--> statement-breakpoint
CREATE INDEX "transaction_user_amount_idx" ON "transaction" USING btree ("user_id", "amount_minor", "id");
--> statement-breakpoint
CREATE INDEX "transaction_user_category_date_idx" ON "transaction" USING btree
  ("user_id", transaction_category_shown("category", "category_source", "category_confidence"), "date" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "transaction_user_pending_date_idx" ON "transaction" USING btree ("user_id", "date" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "transaction_user_excluded_date_idx" ON "transaction" USING btree ("user_id", "date" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE "excluded";
--> statement-breakpoint
CREATE INDEX "transaction_user_transfer_date_idx" ON "transaction" USING btree ("user_id", "date" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE "transfer_pair_id" IS NOT NULL
     OR transaction_category_shown("category", "category_source", "category_confidence") = 'TRANSFER';
