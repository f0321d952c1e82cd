-- Searches of two characters (docs/decisions/048-short-searches-and-capped-counts.md): trigrams need three,
-- so a two-character search had no index and scanned every row of the user. The distinct two-character
-- pieces of the searched text, in a GIN index over the same expression as the trigram index of 0003:
-- `transaction_search_bigrams(text) @> transaction_search_bigrams(lower(search))` finds the candidates,
-- the LIKE keeps the exact matches.
-- (Repeated pieces are kept: GIN stores each key once, and `@>` ignores repeats; not sorting them halves
-- the function's cost, which a search pays for each row its LIKE keeps.)
CREATE OR REPLACE FUNCTION transaction_search_bigrams(search_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array(SELECT substr(search_text, i, 2) FROM generate_series(1, length(search_text) - 1) AS i)
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transaction_search_bigram_idx" ON "transaction" USING gin (
  transaction_search_bigrams(lower("name") || ' ' || lower(coalesce("merchant_name", '')))
);
