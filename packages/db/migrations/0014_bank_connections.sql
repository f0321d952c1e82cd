ALTER TABLE "connection" ADD COLUMN "provider_notices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "institution" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "institution" ADD COLUMN "primary_color" text;