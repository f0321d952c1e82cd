CREATE TABLE "holding_lot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"holding_id" uuid NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holding_lot" ADD CONSTRAINT "holding_lot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_lot" ADD CONSTRAINT "holding_lot_holding_id_holding_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holding_lot_holding_idx" ON "holding_lot" USING btree ("holding_id","date");--> statement-breakpoint
-- Each holding added by hand so far had one buy: it becomes that holding's one lot, under the holding's id,
-- so its buy trade (external id manual-holding:<id>) names the lot.
INSERT INTO "holding_lot" ("id", "user_id", "holding_id", "quantity", "price", "date")
SELECT h."id", h."user_id", h."id", h."quantity", h."price", h."as_of"
FROM "holding" h JOIN "security" s ON s."id" = h."security_id"
WHERE s."provider" = 'manual';
