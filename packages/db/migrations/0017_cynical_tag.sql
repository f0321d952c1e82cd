CREATE TABLE "account_liability" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"aprs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interest_rate_percentage" numeric(12, 6),
	"interest_rate_type" text,
	"next_payment_minor" bigint,
	"next_payment_due_date" date,
	"last_payment_minor" bigint,
	"last_payment_date" date,
	"last_statement_balance_minor" bigint,
	"last_statement_issue_date" date,
	"payoff_date" date,
	"is_overdue" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security" ADD COLUMN "isin" text;--> statement-breakpoint
ALTER TABLE "security" ADD COLUMN "cusip" text;--> statement-breakpoint
ALTER TABLE "account_liability" ADD CONSTRAINT "account_liability_account_id_financial_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."financial_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_liability" ADD CONSTRAINT "account_liability_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_liability_user_idx" ON "account_liability" USING btree ("user_id");