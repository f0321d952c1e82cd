-- Searches of three characters and more are served by the index of two-character pieces (0022, 0029)
-- too, so the trigram index of 0003 goes: every piece of a searched word is a key of each row holding
-- the word, so `keys @> pieces(search)` finds the candidates as the trigrams did, and the LIKE beside it
-- keeps the exact matches. Each inserted row kept both GIN indexes up to date; the trigram one was about
-- a fifth of the database's work of a large import (ADR 080). The pg_trgm extension stays installed.
DROP INDEX IF EXISTS "transaction_search_trgm_idx";
