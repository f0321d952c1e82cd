CREATE TABLE "crypto_quote" (
	"security_id" uuid PRIMARY KEY NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"market_price" numeric(38, 18) NOT NULL,
	"change_24h_percent" numeric(20, 8),
	"depegged" boolean DEFAULT false NOT NULL,
	"price_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_quote" ADD CONSTRAINT "crypto_quote_security_id_security_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."security"("id") ON DELETE cascade ON UPDATE no action;