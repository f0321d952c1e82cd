CREATE TABLE "app_instance" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_version" text NOT NULL,
	CONSTRAINT "app_instance_singleton" CHECK ("app_instance"."id" = 1)
);
