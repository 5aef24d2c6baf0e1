CREATE TABLE "review_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"stage" text NOT NULL,
	"pass" integer NOT NULL,
	"assignments" jsonb NOT NULL,
	"marks" jsonb NOT NULL,
	"section_submissions" jsonb NOT NULL,
	"decisions" jsonb NOT NULL,
	"unlocks" jsonb NOT NULL,
	"consensus" jsonb NOT NULL,
	"closed_from_status" text NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_passes" ADD CONSTRAINT "review_passes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_passes" ADD CONSTRAINT "review_passes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_passes_key" ON "review_passes" USING btree ("application_id","stage","pass");