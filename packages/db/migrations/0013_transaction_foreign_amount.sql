-- A payment made in another currency keeps the statement's foreign amount and rate as details of the row
-- (the snapshot beside this file also records 0012's push-subscription index, which had none).
ALTER TABLE "transaction" ADD COLUMN "foreign_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "foreign_currency" text;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "exchange_rate" numeric;
