CREATE TABLE "saved_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"position" integer NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_report" ADD CONSTRAINT "saved_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_report_user_idx" ON "saved_report" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "transaction_tagged_idx" ON "transaction" USING btree ("user_id","date") WHERE cardinality("transaction"."tags") > 0;