-- An index's predicate runs with a search_path of pg_catalog only (PostgreSQL 17 on, for CREATE INDEX,
-- REINDEX and VACUUM), so a function it calls must not call another of ours by an unqualified name. The
-- investment-code test is written into transaction_counts_toward_spending itself: the same expression
-- once inlined, as before.
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
     AND NOT coalesce(upper(btrim(provider_category)) IN ('BUY', 'SELL', 'TRADE', 'TRADES')
                      OR upper(btrim(provider_category)) LIKE 'INVESTMENT%', false)
     AND NOT coalesce(upper(btrim(detailed_category)) IN ('BUY', 'SELL', 'TRADE', 'TRADES')
                      OR upper(btrim(detailed_category)) LIKE 'INVESTMENT%', false)
$$;
--> statement-breakpoint
-- The insights read up to 13 months of the rows that count toward spending (ADR 083). Through the date
-- index those rows are fetched from the heap, page by page across the table; this partial index holds
-- every column the insights read, for the counted rows only, so the reading is index-only. Its predicate
-- is the one the insight statements filter by (transaction_counts_toward_spending, immutable), word for
-- word, so the planner proves them the same.
CREATE INDEX IF NOT EXISTS "transaction_user_date_counted_idx" ON "transaction" USING btree ("user_id", "date")
  INCLUDE ("amount_minor", "currency", "account_id", "id", "category", "category_source", "category_confidence", "merchant_name", "name")
  WHERE transaction_counts_toward_spending("status", "excluded", "transfer_pair_id",
    transaction_category_shown("category", "category_source", "category_confidence"),
    "provider_category", "detailed_category");
