-- A short search in amount order walks the amount index and tests each row's text (ADR 066, ADR 084).
-- Through the narrow index every walked row was fetched from the table; with the searched columns and
-- the date carried in the index the walk is index-only (0.5 µs a row instead of about 5 µs at
-- 1,000,000 rows), so a common pair whose first match lies deep in amount order is read in one walk.
-- The keys are as before, so amount-sorted pages keep their order and their keyset ranges.
DROP INDEX IF EXISTS "transaction_user_amount_idx";
--> statement-breakpoint
CREATE INDEX "transaction_user_amount_idx" ON "transaction" USING btree ("user_id", "amount_minor", "id")
  INCLUDE ("date", "name", "merchant_name");
