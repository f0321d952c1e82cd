-- Spending and income at scale (docs/analytics-api.md "What counts as spending and income").
--
-- 1. transaction_is_investment_code() / transaction_counts_toward_spending(): the domain's
--    isInvestmentCategory() and countsTowardSpending() in SQL. A row counts when it is posted or pending,
--    not excluded, not a transfer (paired, or shown as TRANSFER) and not an investment trade (provider or
--    detailed category an investment code).
-- 2. spending_day, spending_month, payee_month: per user and day / month (and payee), shown category and
--    currency, the inflows, outflows and number of the rows that count. Statement-level triggers keep them
--    exact inside the writing transaction, in the style of migration 0004, so any period is its whole
--    months plus the days of its partial edge months, a few hundred rollup rows instead of up to a million
--    transactions, and no analytics read scans the rows themselves.
CREATE OR REPLACE FUNCTION transaction_is_investment_code(code text)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(upper(btrim(code)) IN ('BUY', 'SELL', 'TRADE', 'TRADES')
                  OR upper(btrim(code)) LIKE 'INVESTMENT%', false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_counts_toward_spending(
  status text, excluded boolean, transfer_pair_id uuid, shown text, provider_category text,
  detailed_category text)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT status IN ('posted', 'pending')
     AND NOT excluded
     AND transfer_pair_id IS NULL
     AND shown <> 'TRANSFER'
     AND NOT transaction_is_investment_code(provider_category)
     AND NOT transaction_is_investment_code(detailed_category)
$$;
--> statement-breakpoint
-- The rollups of the rows that count, all three kept by the same statement-level triggers. Amounts are
-- in the row's own currency (converted when read); inflow_minor is Σ of the positive amounts (≥ 0),
-- outflow_minor Σ of the negative amounts (≤ 0), as the domain's CategorySums has them; n counts rows.
-- No foreign keys, like the 0004 counters: deleting a user cascades to the rows, which empties these.
--  * spending_month: per month, shown category and currency (whole months of any period);
--  * spending_day: per day, shown category and currency (the partial months at a period's edges, and
--    the running total per day of a month);
--  * payee_month: per month, payee (merchant name, else the name), shown category and currency (top
--    merchants of a month, income sources of the expense flow).
CREATE TABLE "spending_month" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"inflow_minor" bigint NOT NULL,
	"outflow_minor" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "spending_month_pk" PRIMARY KEY ("user_id", "month", "category", "currency")
);
--> statement-breakpoint
CREATE TABLE "spending_day" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"inflow_minor" bigint NOT NULL,
	"outflow_minor" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "spending_day_pk" PRIMARY KEY ("user_id", "day", "category", "currency")
);
--> statement-breakpoint
CREATE TABLE "payee_month" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"payee" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"inflow_minor" bigint NOT NULL,
	"outflow_minor" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "payee_month_pk" PRIMARY KEY ("user_id", "month", "payee", "category", "currency")
);
--> statement-breakpoint
-- The upserts of the signed rows of `source` (+1 inserted, -1 deleted; an update is both), returned as
-- text and run by EXECUTE in the trigger function, where the transition tables are visible (see 0004).
-- Rows that do not count are filtered out before grouping, so a transfer or an excluded row costs
-- nothing here, and an update that changes nothing the rollups see (notes, tags) nets to zero and writes
-- nothing. Upserts run in key order, so two writers of one user lock rollup rows in the same order.
CREATE OR REPLACE FUNCTION spending_rollup_sql(source text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT format($sql$
    WITH src AS (%s),
    counted AS (
      SELECT user_id, date AS day, currency, sign, amount_minor,
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
    by_payee AS (
      SELECT user_id, date_trunc('month', day)::date AS month, payee, category, currency,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor > 0), 0)::bigint AS inflow_minor,
             coalesce(sum(sign * amount_minor) FILTER (WHERE amount_minor < 0), 0)::bigint AS outflow_minor,
             sum(sign)::int AS n
      FROM counted
      GROUP BY 1, 2, 3, 4, 5
    )
    INSERT INTO payee_month AS s (user_id, month, payee, category, currency, inflow_minor, outflow_minor, n)
    SELECT * FROM by_payee
    WHERE n <> 0 OR inflow_minor <> 0 OR outflow_minor <> 0
    ORDER BY user_id, month, payee, category, currency
    ON CONFLICT (user_id, month, payee, category, currency) DO UPDATE SET
      inflow_minor = s.inflow_minor + excluded.inflow_minor,
      outflow_minor = s.outflow_minor + excluded.outflow_minor,
      n = s.n + excluded.n
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
    DELETE FROM payee_month s
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month FROM old_rows) k
    WHERE s.user_id = k.user_id AND s.month = k.month AND s.n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spending_rollup_insert AFTER INSERT ON "transaction"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spending_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER spending_rollup_update AFTER UPDATE ON "transaction"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spending_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER spending_rollup_delete AFTER DELETE ON "transaction"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spending_rollup_trigger();
--> statement-breakpoint
-- Recomputes one user's rollup from their transactions (repair; bulk loads that bypassed triggers).
CREATE OR REPLACE FUNCTION spending_rollup_rebuild(target_user text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM spending_day WHERE user_id = target_user;
  DELETE FROM spending_month WHERE user_id = target_user;
  DELETE FROM payee_month WHERE user_id = target_user;
  EXECUTE spending_rollup_sql(format('SELECT *, 1 AS sign FROM "transaction" WHERE user_id = %L', target_user));
END
$$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE spending_rollup_sql('SELECT *, 1 AS sign FROM "transaction"'); END $$;
