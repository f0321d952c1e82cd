-- Running server processes and their heartbeats: a sync lease names the process that holds it and is
-- live only while that process beats (a crashed process's leases are taken over or released at start).
CREATE TABLE "server_instance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection" ADD COLUMN "sync_instance_id" uuid;
