CREATE TABLE "transfer_progress" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"token" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_progress_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "transfer_progress" ADD CONSTRAINT "transfer_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;