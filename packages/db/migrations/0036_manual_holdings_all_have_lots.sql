-- Every manual holding has lots (ADR 077). Restores of exports that did not carry lots left manual holdings
-- without any: each becomes its one lot from its own quantity, price and as_of, under the holding's id
-- (as 0034 did), so its buy trade is named manual-holding:<holding id>.
INSERT INTO "holding_lot" ("id", "user_id", "holding_id", "quantity", "price", "date")
SELECT h."id", h."user_id", h."id", h."quantity", h."price", h."as_of"
FROM "holding" h JOIN "security" s ON s."id" = h."security_id"
WHERE s."provider" = 'manual'
  AND NOT EXISTS (SELECT 1 FROM "holding_lot" l WHERE l."holding_id" = h."id")
  AND NOT EXISTS (SELECT 1 FROM "holding_lot" l WHERE l."id" = h."id");
--> statement-breakpoint
-- Such a restore kept the buy's external id, which names the exporting server's holding or lot. When the
-- account has exactly one such buy of the symbol that names no lot, and none names the holding's lot, it
-- becomes that lot's buy (so changing or removing the lot changes or removes it, not a second one).
WITH "lonely" AS (
  SELECT l."id" AS "lot_id", h."account_id", upper(coalesce(s."ticker", s."name")) AS "symbol"
  FROM "holding_lot" l
  JOIN "holding" h ON h."id" = l."holding_id"
  JOIN "security" s ON s."id" = h."security_id"
  WHERE l."id" = h."id" AND s."provider" = 'manual'
    AND NOT EXISTS (SELECT 1 FROM "transaction" t
      WHERE t."account_id" = h."account_id" AND t."external_id" = 'manual-holding:' || l."id"::text)
),
"orphan" AS (
  SELECT t."id", t."account_id", upper(t."name") AS "name"
  FROM "transaction" t
  WHERE t."account_id" IN (SELECT "account_id" FROM "lonely")
    AND t."external_id" LIKE 'manual-holding:%'
    AND NOT EXISTS (SELECT 1 FROM "holding_lot" l WHERE 'manual-holding:' || l."id"::text = t."external_id")
),
"match" AS (
  SELECT lonely."lot_id", min(orphan."id"::text)::uuid AS "transaction_id"
  FROM "lonely" JOIN "orphan"
    ON orphan."account_id" = lonely."account_id" AND orphan."name" = 'BUY ' || lonely."symbol"
  GROUP BY lonely."lot_id"
  HAVING count(*) = 1
)
UPDATE "transaction" t SET "external_id" = 'manual-holding:' || m."lot_id"::text, "updated_at" = now()
FROM "match" m WHERE t."id" = m."transaction_id";
