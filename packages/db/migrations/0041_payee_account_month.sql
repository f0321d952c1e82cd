-- GET /insights after a change from rollups (ADR 087). Two of its three row reads become rollup reads:
--
-- * payee_account_month replaces payee_month (migration 0008): the same sums per user, month, payee
--   (merchant name, else the name), shown category and currency, now also per account, with how many of
--   the rows are inflows and outflows and the outflows' sum of squares (exact, in numeric). Readers of
--   payee_month sum over the accounts. The recurring series are the (account, payee, currency) groups
--   with 2..60 non-zero rows in 13 months: counted here, their rows are then read through the index
--   below. The payee statistics of the insights (count, mean and deviation of the outflows per payee) are
--   sums of these columns. One payee rollup instead of two keeps the writes' cost: a file of 100,000
--   rows of mostly different payees upserts one row per row per payee rollup.
--   Kept by the statement-level triggers of migration 0008 (spending_rollup_sql's payee upsert is now
--   this one; the trigger drops its emptied rows; the rebuild recomputes it) and filled here.
-- * transaction_user_series_idx: the counted, non-zero rows per account, payee and currency in date
--   order, holding what a series needs (id, amount, the shown category's inputs, and the payee's columns,
--   without which PostgreSQL cannot read an expression index alone), so the rows of the few hundred
--   groups found above are read index-only instead of every row of 13 months.
--
-- No foreign keys, like the other rollups: deleting a user or an account deletes the rows, whose triggers
-- empty this one.
CREATE TABLE "payee_account_month" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"account_id" uuid NOT NULL,
	"payee" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"inflow_minor" bigint NOT NULL,
	"outflow_minor" bigint NOT NULL,
	"n" integer NOT NULL,
	"n_inflow" integer NOT NULL,
	"n_outflow" integer NOT NULL,
	"outflow_squares" numeric NOT NULL,
	CONSTRAINT "payee_account_month_pk" PRIMARY KEY ("user_id", "month", "account_id", "payee", "category", "currency")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spending_rollup_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    WITH src AS (%s),
    counted AS (
      SELECT user_id, date AS day, account_id, currency, sign, amount_minor,
             coalesce(nullif(btrim(merchant_name), ''), name) AS payee,
             transaction_category_shown(category, category_source, category_confidence) AS category
      FROM src
      WHERE transaction_counts_toward_spending(status, excluded, transfer_pair_id,
              transaction_category_shown(category, category_source, category_confidence),
              provider_category, detailed_category)
    ),
    by_day AS (
      SELECT user_id, day, category, currency,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor > 0), 0)::bigint AS inflow_minor,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor < 0), 0)::bigint AS outflow_minor,
             sum(sign)::int AS n
      FROM counted
      GROUP BY user_id, day, category, currency
    ),
    days AS (
      INSERT INTO spending_day AS s (user_id, day, category, currency, inflow_minor, outflow_minor, n)
      SELECT * FROM by_day
      WHERE n <> 0 OR inflow_minor <> 0 OR outflow_minor <> 0
      ORDER BY user_id, day, category, currency
      ON CONFLICT (user_id, day, category, currency) DO UPDATE SET
        inflow_minor = s.inflow_minor + excluded.inflow_minor,
        outflow_minor = s.outflow_minor + excluded.outflow_minor,
        n = s.n + excluded.n
      RETURNING 1
    ),
    months AS (
      INSERT INTO spending_month AS s (user_id, month, category, currency, inflow_minor, outflow_minor, n)
      SELECT user_id, date_trunc('month', day)::date, category, currency,
             sum(inflow_minor), sum(outflow_minor), sum(n)
      FROM by_day
      GROUP BY 1, 2, 3, 4
      HAVING sum(n) <> 0 OR sum(inflow_minor) <> 0 OR sum(outflow_minor) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (user_id, month, category, currency) DO UPDATE SET
        inflow_minor = s.inflow_minor + excluded.inflow_minor,
        outflow_minor = s.outflow_minor + excluded.outflow_minor,
        n = s.n + excluded.n
      RETURNING 1
    ),
    by_account AS (
      SELECT user_id, date_trunc('month', day)::date AS month, account_id, category, currency,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor > 0), 0)::bigint AS inflow_minor,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor < 0), 0)::bigint AS outflow_minor,
             sum(sign)::int AS n
      FROM counted
      GROUP BY 1, 2, 3, 4, 5
    ),
    accounts AS (
      INSERT INTO account_month AS s (user_id, month, account_id, category, currency, inflow_minor, outflow_minor, n)
      SELECT * FROM by_account
      WHERE n <> 0 OR inflow_minor <> 0 OR outflow_minor <> 0
      ORDER BY user_id, month, account_id, category, currency
      ON CONFLICT (user_id, month, account_id, category, currency) DO UPDATE SET
        inflow_minor = s.inflow_minor + excluded.inflow_minor,
        outflow_minor = s.outflow_minor + excluded.outflow_minor,
        n = s.n + excluded.n
      RETURNING 1
    ),
    by_payee AS (
      SELECT user_id, date_trunc('month', day)::date AS month, account_id, payee, category, currency,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor > 0), 0)::bigint AS inflow_minor,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor < 0), 0)::bigint AS outflow_minor,
             sum(sign)::int AS n,
             coalesce(sum(sign) FILTER (WHERE amount_minor > 0), 0)::int AS n_inflow,
             coalesce(sum(sign) FILTER (WHERE amount_minor < 0), 0)::int AS n_outflow,
             coalesce(sum(sign * amount_minor::numeric * amount_minor) FILTER (WHERE amount_minor < 0), 0)
               AS outflow_squares
      FROM counted
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    INSERT INTO payee_account_month AS s (user_id, month, account_id, payee, category, currency, inflow_minor,
                                         outflow_minor, n, n_inflow, n_outflow, outflow_squares)
    SELECT * FROM by_payee
    WHERE n <> 0 OR inflow_minor <> 0 OR outflow_minor <> 0
    ORDER BY user_id, month, account_id, payee, category, currency
    ON CONFLICT (user_id, month, account_id, payee, category, currency) DO UPDATE SET
      inflow_minor = s.inflow_minor + excluded.inflow_minor,
      outflow_minor = s.outflow_minor + excluded.outflow_minor,
      n = s.n + excluded.n,
      n_inflow = s.n_inflow + excluded.n_inflow,
      n_outflow = s.n_outflow + excluded.n_outflow,
      outflow_squares = s.outflow_squares + excluded.outflow_squares
  $sql$, source)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spending_rollup_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE spending_rollup_sql('SELECT *, 1 AS sign FROM new_rows');
  ELSE
    IF TG_OP = 'DELETE' THEN
      EXECUTE spending_rollup_sql('SELECT *, -1 AS sign FROM old_rows');
    ELSE
      EXECUTE spending_rollup_sql(
        'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows');
    END IF;
    -- Rows whose count reached zero hold zero sums too (every counted row adds 1 to n), so they go.
    DELETE FROM spending_day s
    USING (SELECT DISTINCT user_id, date AS day FROM old_rows) k
    WHERE s.user_id = k.user_id AND s.day = k.day AND s.n = 0;
    DELETE FROM spending_month s
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month FROM old_rows) k
    WHERE s.user_id = k.user_id AND s.month = k.month AND s.n = 0;
    DELETE FROM account_month s
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month FROM old_rows) k
    WHERE s.user_id = k.user_id AND s.month = k.month AND s.n = 0;
    DELETE FROM payee_account_month s
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month FROM old_rows) k
    WHERE s.user_id = k.user_id AND s.month = k.month AND s.n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spending_rollup_rebuild(target_user text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM spending_day WHERE user_id = target_user;
  DELETE FROM spending_month WHERE user_id = target_user;
  DELETE FROM account_month WHERE user_id = target_user;
  DELETE FROM payee_account_month WHERE user_id = target_user;
  EXECUTE spending_rollup_sql(format('SELECT *, 1 AS sign FROM "transaction" WHERE user_id = %L', target_user));
END
$$;
--> statement-breakpoint
-- The rollup filled with the same sums as the trigger's, over every stored row; payee_month goes.
INSERT INTO payee_account_month (user_id, month, account_id, payee, category, currency, inflow_minor,
                                 outflow_minor, n, n_inflow, n_outflow, outflow_squares)
SELECT user_id, date_trunc('month', date)::date, account_id, coalesce(nullif(btrim(merchant_name), ''), name),
       transaction_category_shown(category, category_source, category_confidence), currency,
       coalesce(sum(amount_minor) FILTER (WHERE amount_minor > 0), 0)::bigint,
       coalesce(sum(amount_minor) FILTER (WHERE amount_minor < 0), 0)::bigint,
       count(*)::int,
       count(*) FILTER (WHERE amount_minor > 0)::int,
       count(*) FILTER (WHERE amount_minor < 0)::int,
       coalesce(sum(amount_minor::numeric * amount_minor) FILTER (WHERE amount_minor < 0), 0)
FROM "transaction"
WHERE transaction_counts_toward_spending(status, excluded, transfer_pair_id,
        transaction_category_shown(category, category_source, category_confidence),
        provider_category, detailed_category)
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
DROP TABLE "payee_month";
--> statement-breakpoint
-- The predicate is the insight statements' filter word for word (see migration 0038), with amount <> 0.
CREATE INDEX IF NOT EXISTS "transaction_user_series_idx" ON "transaction" USING btree
  ("user_id", "account_id", (coalesce(nullif(btrim("merchant_name"), ''), "name")), "currency", "date")
  INCLUDE ("id", "amount_minor", "category", "category_source", "category_confidence", "merchant_name", "name")
  WHERE "amount_minor" <> 0 AND transaction_counts_toward_spending("status", "excluded", "transfer_pair_id",
    transaction_category_shown("category", "category_source", "category_confidence"),
    "provider_category", "detailed_category");
