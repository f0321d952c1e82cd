CREATE TABLE "market_data_cache" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_data_cache_provider_kind_key_pk" PRIMARY KEY("provider","kind","key")
);
--> statement-breakpoint
CREATE INDEX "market_data_cache_fetched_idx" ON "market_data_cache" USING btree ("fetched_at");