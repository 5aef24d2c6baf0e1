CREATE TABLE "held_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"uploaded_by" uuid,
	"organization_id" uuid,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_reason" text NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_files" ADD CONSTRAINT "held_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_files" ADD CONSTRAINT "held_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_files_next_attempt_idx" ON "held_files" USING btree ("next_attempt_at");