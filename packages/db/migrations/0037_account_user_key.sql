-- A transaction's account and user are one foreign key (ADR 081): (account_id, user_id) references the
-- account's (id, user_id), so each inserted row is checked once, and a row can no longer name a user
-- other than its account's owner. It replaces the two checks of user_id and account_id (deleting a user
-- still deletes their accounts, and so their transactions). import_batch_id is no longer a foreign key:
-- a batch is written in the transaction of its rows and never deleted on its own.
-- A row whose user is not its account's owner (none is written that way) takes the account's owner.
UPDATE "transaction" AS t SET "user_id" = a."user_id"
FROM "financial_account" AS a
WHERE a."id" = t."account_id" AND t."user_id" <> a."user_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "financial_account_id_user_idx" ON "financial_account" USING btree ("id","user_id");
--> statement-breakpoint
ALTER TABLE "transaction" DROP CONSTRAINT "transaction_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction" DROP CONSTRAINT "transaction_account_id_financial_account_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction" DROP CONSTRAINT "transaction_import_batch_id_import_batch_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_account_user_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."financial_account"("id","user_id") ON DELETE cascade ON UPDATE no action;
