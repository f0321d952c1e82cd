CREATE TABLE "crypto_price_history" (
	"security_id" uuid PRIMARY KEY NOT NULL,
	"checked_from" date NOT NULL,
	"checked_through" date NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_price_history" ADD CONSTRAINT "crypto_price_history_security_id_security_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."security"("id") ON DELETE cascade ON UPDATE no action;