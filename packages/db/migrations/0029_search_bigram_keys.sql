-- The two-character search index (0022) computed its keys with a subquery over generate_series, run
-- once per inserted row: 4 of the 10 s a 100,000-row import spent in its inserts (ADR 059). The keys
-- now come from built-in string functions only: the text's pairs from its first character, then from its
-- second, split apart by a separator, which holds every two-character piece of the text (plus a few
-- one-character tails, harmless extra keys). Searches keep `transaction_search_bigrams` for their own
-- exact pieces: `transaction_search_bigram_keys(text) @> transaction_search_bigrams(lower(search))`.
-- The separator is U+0001: a piece holding it is not found (nobody searches for a control character;
-- the LIKE beside it decides the matches either way).
CREATE OR REPLACE FUNCTION transaction_search_bigram_keys(search_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_remove(
    string_to_array(regexp_replace(search_text, '(..)', E'\\1\x01', 'g'), E'\x01')
      || string_to_array(regexp_replace(substr(search_text, 2), '(..)', E'\\1\x01', 'g'), E'\x01'),
    '')
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "transaction_search_bigram_idx";
--> statement-breakpoint
CREATE INDEX "transaction_search_bigram_idx" ON "transaction" USING gin (
  transaction_search_bigram_keys(lower("name") || ' ' || lower(coalesce("merchant_name", '')))
);
